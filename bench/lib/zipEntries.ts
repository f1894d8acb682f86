// Names and sizes of the files in a .zip (a .vsix is one), read from its central directory.
import { readFileSync } from 'node:fs';

export interface ZipEntry {
  name: string;
  bytes: number;
  compressedBytes: number;
}

export function zipEntries(file: string): ZipEntry[] {
  const zip = readFileSync(file);
  const endOfDirectory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endOfDirectory < 0) throw new Error(`${file} is not a zip file`);
  const count = zip.readUInt16LE(endOfDirectory + 10);
  let offset = zip.readUInt32LE(endOfDirectory + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`${file}: unexpected central directory record`);
    const compressedBytes = zip.readUInt32LE(offset + 20);
    const bytes = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    entries.push({ name: zip.toString('utf8', offset + 46, offset + 46 + nameLength), bytes, compressedBytes });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
