import PDFDocument from 'pdfkit';

/** pdfkit's metrics of a standard font (its AFMFont class, which pdfkit does not export). */
interface AfmFont {
  attributes: Record<string, unknown>;
  glyphWidths: Record<string, number>;
  boundingBoxes: Record<string, unknown>;
  kernPairs: Record<string, number>;
  parse(contents: string): void;
  getKernPair(left: string, right: string): number;
}
type Metrics = Pick<AfmFont, 'attributes' | 'glyphWidths' | 'boundingBoxes' | 'kernPairs'>;

let original: Pick<AfmFont, 'parse' | 'getKernPair'> | undefined;
let proto: AfmFont | undefined;
const parsed = new Map<string, Metrics>();
const kerning = new WeakMap<object, Map<string, Map<string, number>>>();

function afmPrototype(): AfmFont {
  // every document loads its default font (Helvetica) when made: that font's class
  proto ??= Object.getPrototypeOf(
    (new PDFDocument({ autoFirstPage: false }) as unknown as { _font: { font: AfmFont } })._font.font,
  ) as AfmFont;
  return proto;
}

let wanted = true;

/**
 * The standard fonts' metrics read once per process, their kerning looked up in maps
 * (decision 0048). pdfkit reads and parses the font's AFM file (some 3,000 lines) for each
 * document and each font, and looks a kerning pair up by a key string made for each pair of
 * characters it measures or draws (several times a cell): together about a quarter of a report
 * PDF's CPU. Here the first parse of a font file is kept (keyed by the file's text) and shared,
 * read-only, by later documents, and a pair is found in a map of maps of the same values.
 * Nothing else changes: the same widths, kerning and bytes (pdf-table.test.ts). Every layout
 * calls this before making a document; `useFastStandardFonts(false)` puts pdfkit's own methods
 * back (the tests compare both).
 */
export function fastStandardFonts(): void {
  if (original || !wanted) return;
  const afm = afmPrototype();
  original = { parse: afm.parse, getKernPair: afm.getKernPair };
  const parse = original.parse;
  afm.parse = function (this: AfmFont, contents: string) {
    let metrics = parsed.get(contents);
    if (!metrics) {
      parse.call(this, contents);
      metrics = {
        attributes: this.attributes,
        glyphWidths: this.glyphWidths,
        boundingBoxes: this.boundingBoxes,
        kernPairs: this.kernPairs,
      };
      parsed.set(contents, metrics);
    }
    Object.assign(this, metrics);
  };
  afm.getKernPair = function (this: AfmFont, left: string, right: string) {
    let byLeft = kerning.get(this.kernPairs);
    if (!byLeft) {
      byLeft = new Map();
      for (const [pair, value] of Object.entries(this.kernPairs)) {
        const [l, r] = pair.split('\0') as [string, string];
        const rights = byLeft.get(l) ?? new Map<string, number>();
        byLeft.set(l, rights.set(r, value));
      }
      kerning.set(this.kernPairs, byLeft);
    }
    return byLeft.get(left)?.get(right) || 0;
  };
}

/** Tests: pdfkit's own font methods (false) or the fast ones (true, the default). */
export function useFastStandardFonts(on: boolean): void {
  wanted = on;
  if (on) fastStandardFonts();
  else if (original) {
    Object.assign(afmPrototype(), original);
    original = undefined;
  }
}
