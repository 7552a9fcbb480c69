import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { ommlToLatex } from './omml-latex.ts';

// mammoth reads a .docx's text but skips Word equations (<m:oMath>). Before it reads the file,
// each equation in word/document.xml is replaced by a text run holding its LaTeX between $…$, so
// the formula arrives in the question text exactly where it stood.

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The .docx with every equation of its body turned into `$latex$` text; the same bytes when it has none. */
export async function withEquationsAsText(buffer: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(buffer);
  const entry = zip.file('word/document.xml');
  if (!entry) return buffer;
  const xml = await entry.async('string');
  if (!xml.includes('<m:oMath')) return buffer;
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  for (const math of Array.from(document.getElementsByTagName('m:oMath'))) {
    const latex = ommlToLatex(math as unknown as Parameters<typeof ommlToLatex>[0]);
    const run = document.createElementNS(W, 'w:r');
    const text = document.createElementNS(W, 'w:t');
    text.setAttribute('xml:space', 'preserve');
    text.appendChild(document.createTextNode(latex ? `$${latex}$` : ''));
    run.appendChild(text);
    math.parentNode?.replaceChild(run, math);
  }
  // A display equation's paragraph wrapper (m:oMathPara) gives way to the runs it now holds.
  for (const para of Array.from(document.getElementsByTagName('m:oMathPara'))) {
    for (const node of Array.from(para.childNodes)) {
      if (node.nodeName === 'w:r') para.parentNode?.insertBefore(node, para);
    }
    para.parentNode?.removeChild(para);
  }
  zip.file('word/document.xml', new XMLSerializer().serializeToString(document));
  return zip.generateAsync({ type: 'nodebuffer' });
}
