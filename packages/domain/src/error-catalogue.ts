/** One entry of the error catalogue: HTTP status and the message in German and English (placeholders `{name}`). */
export type CatalogueEntry = {
  readonly status: number;
  readonly de: string;
  readonly en: string;
  /** Params used where the error carries none of that name (not sent in the answer's `params`). */
  readonly ohne?: Readonly<Record<string, string>>;
};
