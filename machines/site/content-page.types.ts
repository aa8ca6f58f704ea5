/** Types of a content or legal page (spec §2.2 legal pages and /pages/:slug). */
import type { components } from '../../shared/api/schema';

export type ContentPage = components['schemas']['ContentPage'];

export interface ContentPageInput {
  slug: string;
  locale: 'pt' | 'en';
}

export interface ContentPageContext extends ContentPageInput {
  page: ContentPage | null;
  /** Message id of the last failure, for the retry screen. */
  errorId: string | null;
}

export type ContentPageEvent = { type: 'content.retry' };
