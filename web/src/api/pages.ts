/** The page builder's pages (`/v1/cabinet/pages`), over the generated SDK (sdk.gen.ts): no path or shape written here. */
import type { Answer, Body } from './sdk';
import * as sdk from './sdk.gen';

export type PageSummary = Answer<'list_pages'>['list'][number];
export type BuilderPage = Answer<'get_page'>;
export type PageContent = BuilderPage['content'];
export type PageBlock = PageContent['blocks'][number];
export type PageTexts = NonNullable<PageContent['translations']>[number];
export type PageType = PageSummary['pageType'];
export type Catalogue = Answer<'page_blocks'>;
export type FieldSpec = Catalogue['styleFields'][number];
export type PageCreateInput = Body<'create_page'>;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const pagesApi = {
  list: (signal?: AbortSignal) => sdk.listPages(withSignal(signal)),
  get: (id: number, signal?: AbortSignal) => sdk.getPage(id, withSignal(signal)),
  catalogue: (signal?: AbortSignal) => sdk.pageBlocks(withSignal(signal)),
  /** A refused name or address (400, 409) is shown by the form, not as a toast. */
  create: (input: PageCreateInput) => sdk.createPage(input, { suppressErrors: true }),
  save: (id: number, body: Body<'save_page'>) => sdk.savePage(id, body, { suppressErrors: true }),
  publish: (id: number, version: number) => sdk.publishPage(id, { version }, { suppressErrors: true }),
  unpublish: (id: number) => sdk.unpublishPage(id),
  remove: (id: number) => sdk.deletePage(id),
  /** The page's HTML as buyers would see these blocks (nothing stored). */
  preview: (id: number, content: PageContent, lang: string, signal?: AbortSignal) =>
    sdk.previewPage(id, { content, lang }, withSignal(signal)) as unknown as Promise<string>,
};
