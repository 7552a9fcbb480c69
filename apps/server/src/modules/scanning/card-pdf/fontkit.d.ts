// fontkit (pdfkit's own font engine, pinned with it) ships no types; this is the part the card uses:
// opening one face of a collection once per process and handing it to pdfkit.
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
