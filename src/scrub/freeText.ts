// Free text that may identify a person: an e-mail address, a phone number, a person's name
// ("Firstname Lastname", "Lastname, Firstname", "Dr. Lastname"), a street address, an SSN-like
// number or a long run of digits (a record or insurance number). Patterns, not understanding: what
// they miss is said in docs/scrubber.md.
import { GIVEN_NAMES } from './givenNames';

// Liberal: whatever surrounds an @ with a dot after it (local parts may hold any of !#$%&'*/=?^`{|}~).
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]{2,}/;
/**
 * Phone numbers in the shapes people write them, not any run of digits with dashes (a lab's
 * "<100 100-125 >=126" is a reference range, not a number to call): an international number (+ or 00),
 * an area code in brackets, the North American 3-3-4, or a national number with its trunk 0.
 */
const PHONE_INTERNATIONAL = /(?:\+|(?<![\d.])00)\d[\d\s()./-]{5,24}\d/g;
const PHONE_AREA_IN_BRACKETS = /\(\d{2,5}\)[\s./-]?\d{2,4}[\s./-]?\d{2,5}/;
const PHONE_NORTH_AMERICAN = /(?<![\d.-])\d{3}[-. ]\d{3}[-. ]\d{4}(?![\d.-])/;
const PHONE_NATIONAL = /(?<![\d.-])0\d{1,4}[\s/-]\d{3,8}(?:[\s-]\d{2,6})?(?![\d.-])/g;
const ISO_DATE_INSIDE = /\d{4}-\d{2}-\d{2}/;
const SSN = /\b\d{3}-\d{2}-\d{4}\b/;
const LONG_DIGIT_RUN = /\d{9,}/;
const STREET_SUFFIX = '(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl|terrace|square|sq|parkway|pkwy|highway|hwy|circle|cir)';
const STREET = new RegExp(`\\b\\d{1,5}[a-z]?\\s+(?:[\\p{L}'-]+\\s+){1,4}${STREET_SUFFIX}\\b`, 'iu');
/** "Hauptstraße 12", "Rue de la Paix 4" style: a street word followed by a house number. */
const STREET_FIRST = /\b[\p{L}-]*(?:straße|strasse|gasse|allee|platz|weg|laan|straat|gatan|vej|rue|calle|via|avenida)\s+(?:[\p{L}'-]+\s+){0,3}\d{1,5}[a-z]?\b/iu;
const PO_BOX = /\bp\.?\s?o\.?\s+box\s+\d+/i;
const TITLED_NAME = /\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Herr|Frau|MR|MRS|MS|DR|PROF)\.?\s+\p{Lu}[\p{L}'-]+/u;
const WORD = /\p{L}[\p{L}'’-]*/gu;

function digitCount(text: string): number {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
  }
  return digits;
}

/** Whether a pattern (global) finds a match of 7 to 15 digits that holds no ISO date. */
function hasNumberLike(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    const digits = digitCount(found[0]);
    if (digits >= 7 && digits <= 15 && !ISO_DATE_INSIDE.test(found[0])) return true;
  }
  return false;
}

function hasPhoneNumber(text: string): boolean {
  return PHONE_AREA_IN_BRACKETS.test(text) || PHONE_NORTH_AMERICAN.test(text) || hasNumberLike(PHONE_INTERNATIONAL, text) || hasNumberLike(PHONE_NATIONAL, text);
}

const isCapitalised = (word: string): boolean => word.charAt(0) !== word.charAt(0).toLowerCase();

/** A known given name, capitalised, next to another capitalised word: "Maria Garcia", "Garcia, Maria". */
function hasPersonName(text: string): boolean {
  const words: { word: string; start: number; end: number }[] = [];
  WORD.lastIndex = 0;
  for (let found = WORD.exec(text); found; found = WORD.exec(text)) words.push({ word: found[0], start: found.index, end: found.index + found[0].length });
  for (let i = 0; i < words.length; i++) {
    const current = words[i]!;
    if (!isCapitalised(current.word) || !GIVEN_NAMES.has(current.word.toLowerCase())) continue;
    const next = words[i + 1];
    if (next && isCapitalised(next.word) && /^\s+$/.test(text.slice(current.end, next.start))) return true;
    const previous = words[i - 1];
    if (previous && isCapitalised(previous.word) && /^,\s*$/.test(text.slice(previous.end, current.start))) return true;
  }
  return false;
}

/** Whether a string looks as if it may identify a person. */
export function looksPersonal(text: string): boolean {
  if (text.length < 5) return false;
  if (text.includes('@') && EMAIL.test(text)) return true;
  if (SSN.test(text) || LONG_DIGIT_RUN.test(text) || hasPhoneNumber(text)) return true;
  if (STREET.test(text) || STREET_FIRST.test(text) || PO_BOX.test(text)) return true;
  return TITLED_NAME.test(text) || hasPersonName(text);
}

/** What a removed string becomes: still a string, so the body keeps its shape. */
export const REMOVED = '[removed]';
