/**
 * The id of a pushed document as sent (any key case), echoed with its refusal: a push refusal is
 * `{id, rejected: true, reason}` and nothing else of the document (API.md "Sync").
 */
export function sentId(doc: Record<string, unknown>): string {
  const key = Object.keys(doc).find((k) => k.toLowerCase() === 'id');
  const id = key === undefined ? undefined : doc[key];
  return typeof id === 'string' ? id : '';
}
