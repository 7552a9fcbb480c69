// A page's static print drawn once into a PDF form XObject and placed on every copy of that page:
// 1,000 personalised cards carry one copy of the bubbles, frames and texts per template page,
// not 1,000. pdfkit has no public API for form XObjects, so this points pdfkit's drawing at a
// stand-in page whose content stream is the form's: the few members pdfkit's drawing reads of a
// page (content, resources, size, margins) — pinned pdfkit 0.20.2, checked by the card-pdf tests.

type Doc = PDFKit.PDFDocument;

interface PdfRef {
  data: Record<string, unknown>;
  write(chunk: string | Uint8Array): void;
  end(): void;
}

interface DocInternals {
  page: unknown;
  _ctm: number[];
  ref(data?: Record<string, unknown>): PdfRef;
}

class FormPage {
  readonly margins = { top: 0, left: 0, right: 0, bottom: 0 };
  readonly markings: unknown[] = [];
  constructor(
    readonly document: Doc,
    readonly width: number,
    readonly height: number,
    readonly content: PdfRef,
    readonly resources: PdfRef,
  ) {}
  private section(name: string): Record<string, unknown> {
    const data = this.resources.data;
    data[name] ??= {};
    return data[name] as Record<string, unknown>;
  }
  get fonts() {
    return this.section('Font');
  }
  get xobjects() {
    return this.section('XObject');
  }
  get ext_gstates() {
    return this.section('ExtGState');
  }
  get patterns() {
    return this.section('Pattern');
  }
  get colorSpaces() {
    return this.section('ColorSpace');
  }
  get contentWidth() {
    return this.width;
  }
  get contentHeight() {
    return this.height;
  }
  maxY() {
    return this.height;
  }
  write(chunk: string | Uint8Array) {
    this.content.write(chunk);
  }
}

export interface PageForm {
  name: string;
  ref: PdfRef;
}

/** Draws `draw` (in points, y down from the top-left, as on a pdfkit page) into a new form XObject. */
export function drawForm(doc: Doc, name: string, width: number, height: number, draw: () => void): PageForm {
  const internals = doc as unknown as DocInternals;
  const resources = internals.ref({ ProcSet: ['PDF', 'Text'] });
  const content = internals.ref({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, width, height],
    Resources: resources,
  });
  const saved = { page: internals.page, ctm: internals._ctm, x: doc.x, y: doc.y };
  internals.page = new FormPage(doc, width, height, content, resources);
  internals._ctm = [1, 0, 0, 1, 0, 0];
  try {
    doc.save();
    // The same y-down flip pdfkit puts at the start of a page.
    doc.transform(1, 0, 0, -1, 0, height);
    draw();
    doc.restore();
  } finally {
    internals.page = saved.page;
    internals._ctm = saved.ctm;
    doc.x = saved.x;
    doc.y = saved.y;
  }
  resources.end();
  content.end();
  return { name, ref: content };
}

/** Places a form on the current page, undoing the page's own flip (the form carries one). */
export function placeForm(doc: Doc, form: PageForm, pageHeight: number): void {
  const page = (doc as unknown as { page: { xobjects: Record<string, unknown> } }).page;
  page.xobjects[form.name] = form.ref;
  doc.addContent(`q 1 0 0 -1 0 ${pageHeight} cm /${form.name} Do Q`);
}
