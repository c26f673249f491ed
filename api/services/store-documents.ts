/** Stores a filing's or an edit's documents by hash before the workflow hears of them. */
import type { OptionPage } from '../../domain/documents-schema';
import { optionKey, type DocumentPatch } from '../../domain/documents';
import { storeDocument } from '../../db/decision-documents';
import type { Pool } from '../../db/pool';

type Documents = { report?: string | null | undefined; doc?: string | null | undefined; optionPages?: OptionPage[] | undefined };

/** Returns the change to the decision's document refs: a hash per given document, null per removed one. */
export async function storeDocuments(pool: Pool, workspaceId: string, documents: Documents): Promise<DocumentPatch> {
  const store = (content: string) => storeDocument(pool, workspaceId, content);
  const refs: DocumentPatch = {};
  for (const name of ['report', 'doc'] as const) {
    const content = documents[name];
    if (content === null) refs[name] = null;
    else if (content !== undefined) refs[name] = await store(content);
  }
  if (documents.optionPages?.length) {
    refs.options = {};
    for (const page of documents.optionPages) refs.options[optionKey(page.ask, page.option)] = await store(page.html);
  }
  return refs;
}
