import * as z from 'zod';
import type { Marker, MarkerPage } from '../../api/schemas';
import { DEFAULT_MARKER_PAGE_SIZE, MARKER_PAGE_SIZE_MAX, markerPageCount } from '../../domain/labs/markerTable';
import { defineTool, type AgentToolContext, type AgentToolResult } from '../agentTool';
import { quoted } from '../dataText';
import { errorResult, type FailureSubject } from '../failures';
import { failureResult, ResultBuilder } from '../resultBuilder';
import { counted } from '../counts';

const DEFAULT_AGENT_PAGE_SIZE = Math.min(25, DEFAULT_MARKER_PAGE_SIZE);

const paging = {
  page: z.number().int().min(1).max(100_000).default(1).describe('Page number, from 1.'),
  size: z.number().int().min(1).max(MARKER_PAGE_SIZE_MAX).default(DEFAULT_AGENT_PAGE_SIZE).describe(`Markers per page, 1–${MARKER_PAGE_SIZE_MAX}.`),
  lab_account_id: z.string().min(1).max(200).optional().describe('The lab account to read the markers for (optional).'),
};

const labTestInput = z.object({ lab_test_id: z.string().min(1).max(200).describe('The lab test id (a UUID).'), ...paging }).strict();

const ids = z.array(z.string().min(1).max(200)).max(50);
const orderSetInput = z
  .object({
    lab_test_ids: ids.optional().describe('Lab test ids of the order set.'),
    add_on_provider_ids: ids.optional().describe('Add-on marker provider ids (the lab\'s test numbers).'),
    ...paging,
  })
  .strict();

/** A marker as a tool returns it; every field read defensively (newer servers leave some out). */
function markerFacts(marker: Marker): Record<string, unknown> {
  const loose = marker as Partial<Marker>;
  return {
    id: loose.id ?? null,
    name: loose.name ?? null,
    slug: loose.slug ?? null,
    type: loose.type ?? null,
    unit: loose.unit ?? null,
    provider_id: loose.provider_id ?? null,
    lab_id: loose.lab_id ?? null,
    expected_results: (loose.expected_results ?? []).map((result) => ({
      name: result.name ?? null,
      provider_id: result.provider_id ?? null,
      loinc: result.loinc ? { code: result.loinc.code ?? null, name: result.loinc.name ?? null, unit: result.loinc.unit ?? null } : null,
    })),
  };
}

function markerLine(marker: Marker): string {
  const loose = marker as Partial<Marker>;
  const results = (loose.expected_results ?? [])
    .map((result) => `${quoted(result.name)} LOINC ${quoted(result.loinc?.code)}${result.loinc?.unit ? ` ${quoted(result.loinc.unit)}` : ''}`)
    .join('; ');
  return `- ${quoted(loose.name)} (${quoted(loose.type)}, provider_id ${quoted(loose.provider_id)}${loose.unit ? `, unit ${quoted(loose.unit)}` : ''}): ${results || 'no expected results'}`;
}

/**
 * One page as a result. The service may send total, page and size as null: the page and size asked
 * for stand in, and without a total the count of pages is what the page tells (markerPageCount).
 */
function pageResult(tool: string, context: AgentToolContext, what: string, page: MarkerPage, asked: { page: number; size: number }, again: string): AgentToolResult {
  const current = page.page ?? asked.page;
  const size = page.size ?? asked.size;
  const pages = markerPageCount(page, asked.size, asked.page);
  const total = page.total ?? undefined;
  if (page.markers.length === 0 && total !== undefined && total > 0 && current > pages) {
    return failureResult(tool, context.environment, `page ${current} is past the last page: ${counted(total, 'marker')} ${total === 1 ? 'makes' : 'make'} ${counted(pages, 'page')} of ${size}.`, `Call again with page from 1 to ${pages}.`, { total, pages });
  }
  const result = new ResultBuilder(tool, context.environment);
  const totalText = total === undefined ? 'the service sent no total' : counted(total, 'marker');
  result.line(`${what}: ${totalText}; page ${current} of ${Math.max(1, pages)}${total === undefined ? ' or more' : ''} (${size} per page).`);
  result.set('total', total ?? null).set('page', current).set('size', size).set('pages', pages);
  const shown = result.list('markers', page.markers, (marker) => ({ line: markerLine(marker), data: markerFacts(marker) }), () => `Call ${again} with a smaller size.`);
  if (shown === page.markers.length && current < pages) result.line(`More: ${again} with page=${current + 1}.`);
  return result.build();
}

export const labTestMarkersTool = defineTool({
  name: 'lab_test_markers',
  title: 'Markers of a lab test',
  description:
    'Lists the markers a lab test measures, paged: each marker\'s name, type, unit and provider id, with its expected results and their LOINC codes. ' +
    'Use it for "what does this lab test return?" or to map a result to its LOINC code. Cost: one request per page.',
  input: labTestInput,
  describeCall: ({ lab_test_id, page }) => `Reading markers of lab test ${quoted(lab_test_id, 60)}, page ${page}`,
  async run(args, context) {
    const tool = 'lab_test_markers';
    const subject: FailureSubject = { notFound: `lab test ${quoted(args.lab_test_id)}${args.lab_account_id ? ` (or lab account ${quoted(args.lab_account_id)})` : ''}`, nextStep: 'Check the lab test id (and the lab account id).' };
    try {
      const client = await context.client();
      const page = await client.listLabTestMarkers(args.lab_test_id, { page: args.page, size: args.size, ...(args.lab_account_id ? { labAccountId: args.lab_account_id } : {}) }, { signal: context.signal });
      return pageResult(tool, context, `Lab test ${quoted(args.lab_test_id)}`, page, { page: args.page, size: args.size }, 'lab_test_markers with the same lab_test_id');
    } catch (error) {
      return errorResult(tool, context.environment, error, subject);
    }
  },
});

export const orderSetMarkersTool = defineTool({
  name: 'order_set_markers',
  title: 'Markers of an order set',
  description:
    'Lists the markers of an order set (lab tests plus add-on marker provider ids), paged, with expected results and LOINC codes. ' +
    'Use it to check what an order would measure. Cost: one request per page.',
  input: orderSetInput,
  describeCall: ({ lab_test_ids, add_on_provider_ids, page }) => `Reading markers of an order set (${lab_test_ids?.length ?? 0} lab tests, ${add_on_provider_ids?.length ?? 0} add-ons), page ${page}`,
  async run(args, context) {
    const tool = 'order_set_markers';
    const labTestIds = args.lab_test_ids ?? [];
    const addOns = args.add_on_provider_ids ?? [];
    if (labTestIds.length === 0 && addOns.length === 0) {
      return failureResult(tool, context.environment, 'the order set is empty.', 'Pass lab_test_ids, add_on_provider_ids, or both.');
    }
    const subject: FailureSubject = { notFound: 'one of the lab tests, add-ons or the lab account', nextStep: 'Check each id; lab_test_markers checks one lab test at a time.' };
    try {
      const client = await context.client();
      const body = {
        ...(labTestIds.length > 0 ? { labTestIds } : {}),
        ...(addOns.length > 0 ? { addOn: { providerIds: addOns } } : {}),
        ...(args.lab_account_id ? { labAccountId: args.lab_account_id } : {}),
      };
      const page = await client.listOrderSetMarkers(body, { page: args.page, size: args.size }, { signal: context.signal });
      return pageResult(tool, context, `Order set of ${labTestIds.length} lab test(s) and ${addOns.length} add-on(s)`, page, { page: args.page, size: args.size }, 'order_set_markers with the same ids');
    } catch (error) {
      return errorResult(tool, context.environment, error, subject);
    }
  },
});
