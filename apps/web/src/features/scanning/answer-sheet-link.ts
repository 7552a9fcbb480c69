// /answerSheet?templateId=…&version=…&expires=…&sign=…: the signed link is the only key to a card
// without a session. The page checks only that the link is complete; the server checks the
// signature and the expiry, and its refusal is what the page shows.

export interface SignedSheetParams {
  templateId: string;
  version: number;
  expires: number;
  sign: string;
}

/** The link's parameters, or null when one is missing or not a number. */
export function signedSheetParams(query: URLSearchParams): SignedSheetParams | null {
  const templateId = query.get('templateId') ?? '';
  const version = Number(query.get('version'));
  const expires = Number(query.get('expires'));
  const sign = query.get('sign') ?? '';
  if (!templateId || !sign || !Number.isInteger(version) || !Number.isInteger(expires)) return null;
  return { templateId, version, expires, sign };
}
