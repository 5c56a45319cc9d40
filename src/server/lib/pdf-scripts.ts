import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '#shared/contract/auth';

/**
 * Sinhala and Tamil text in pdfkit documents (issue 26, docs/decisions/0082). The fonts are Noto
 * Sans Sinhala and Noto Sans Tamil from npm (@fontsource/noto-sans-sinhala and -tamil), which ship
 * each font cut in two by script: the letters of the script in one file, Latin (digits, spaces,
 * punctuation) in another, both with the same vertical metrics. pdfkit embeds them through fontkit,
 * which shapes the text (OpenType GSUB/GPOS: conjuncts, vowel signs, the ZWJ forms), and writes
 * their ToUnicode maps, so the text can be searched and copied. A line of mixed text is drawn run
 * by run, each run in the file that has its letters, on one baseline.
 */
export type ScriptLanguage = Exclude<Language, 'en'>;

/** Besides the script's block, its files hold the joiners (ZWNJ, ZWJ), the dandas and the dotted circle. */
const SHARED = new Set([0x200c, 0x200d, 0x0964, 0x0965, 0x25cc]);
const block =
  (from: number, to: number) =>
  (ch: string): boolean => {
    const c = ch.codePointAt(0)!;
    return (c >= from && c <= to) || SHARED.has(c);
  };

const FAMILY: Record<ScriptLanguage, { pkg: string; script: string; letter: (ch: string) => boolean }> = {
  si: { pkg: 'noto-sans-sinhala', script: 'sinhala', letter: block(0x0d80, 0x0dff) },
  ta: { pkg: 'noto-sans-tamil', script: 'tamil', letter: block(0x0b80, 0x0bff) },
};

/** The width of a space in Noto Sans's Latin, in em. */
const SPACE_EM = 0.26;

const files = new Map<string, Buffer>();
const require = createRequire(import.meta.url);

/** A font file of the family, read once per process. */
function fontFile(language: ScriptLanguage, part: 'latin' | 'script', weight: 400 | 700): Buffer {
  const f = FAMILY[language];
  const name = `${f.pkg}-${part === 'latin' ? 'latin' : f.script}-${weight}-normal.woff`;
  let data = files.get(name);
  if (!data) {
    data = readFileSync(require.resolve(`@fontsource/${f.pkg}/files/${name}`));
    files.set(name, data);
  }
  return data;
}

type Doc = PDFKit.PDFDocument;
type Options = { width?: number; align?: 'left' | 'right' | 'center' };

/**
 * A document's writer in one language: English in Helvetica exactly as pdfkit writes it, Sinhala
 * and Tamil in Noto Sans of that script (registered with the document, so embedded only when it
 * draws with them).
 */
export class ScriptWriter {
  private readonly fonts: { latin: [string, string]; script: [string, string] } | null;
  private readonly letter: ((ch: string) => boolean) | null;
  private bold = false;

  constructor(
    private readonly doc: Doc,
    language: Language,
  ) {
    if (language === 'en') {
      this.fonts = null;
      this.letter = null;
      return;
    }
    const name = (part: 'latin' | 'script', weight: 400 | 700) => {
      const id = `${language}-${part}-${weight}`;
      doc.registerFont(id, fontFile(language, part, weight));
      return id;
    };
    this.fonts = {
      latin: [name('latin', 400), name('latin', 700)],
      script: [name('script', 400), name('script', 700)],
    };
    this.letter = FAMILY[language].letter;
  }

  /** Sets the regular or the bold face (the Latin one of the family for Sinhala and Tamil). */
  font(bold = false): this {
    this.bold = bold;
    this.doc.font(this.fonts ? this.fonts.latin[bold ? 1 : 0] : bold ? 'Helvetica-Bold' : 'Helvetica');
    return this;
  }

  /**
   * Writes text as doc.text does (at x, y or where the document stands; wrapped to the width,
   * aligned), in the face last set with font(): in English pdfkit's own doc.text; in Sinhala and
   * Tamil line by line and run by run (pdfkit's line wrapper spaces the Latin file's words too
   * wide), so Latin-only text such as a product name looks the same as in a mixed line.
   */
  text(text: string, x?: number, y?: number, options: Options = {}): this {
    const doc = this.doc;
    if (!this.fonts) {
      // pdfkit reads options in x's place when x is not given
      if (x === undefined) doc.text(text, options);
      else doc.text(text, x, y, options);
      return this;
    }
    const bold = this.bold;
    const left = x ?? doc.x;
    let top = y ?? doc.y;
    const width = options.width ?? doc.page.width - doc.page.margins.right - left;
    const lineHeight = doc.currentLineHeight(true);
    for (const line of this.wrap(text, width, bold)) {
      const runs = this.runs(line, bold);
      const total = runs.reduce((sum, r) => sum + r.width, 0);
      let at =
        options.align === 'right'
          ? left + width - total
          : options.align === 'center'
            ? left + (width - total) / 2
            : left;
      for (const r of runs) {
        if (r.font !== null) doc.font(r.font).text(r.text, at, top, { lineBreak: false });
        at += r.width;
      }
      top += lineHeight;
    }
    doc.font(this.fonts.latin[bold ? 1 : 0]);
    doc.x = left;
    doc.y = top;
    return this;
  }

  /**
   * The text cut where the font changes: the script's letters in one file, the rest in the other,
   * spaces on their own. A space is not drawn, only advanced over, at Noto Sans's Latin width
   * (0.26 em): the Sinhala family's space is 0.5 em, too wide between Latin words.
   */
  private runs(text: string, bold: boolean) {
    const fonts = this.fonts!;
    const out: { text: string; font: string | null; width: number }[] = [];
    for (const ch of text) {
      const font =
        ch === ' ' ? null : this.letter!(ch) ? fonts.script[bold ? 1 : 0] : fonts.latin[bold ? 1 : 0];
      const last = out[out.length - 1];
      if (last && last.font === font) last.text += ch;
      else out.push({ text: ch, font, width: 0 });
    }
    const size = (this.doc as unknown as { _fontSize: number })._fontSize;
    for (const r of out)
      r.width =
        r.font === null ? r.text.length * SPACE_EM * size : this.doc.font(r.font).widthOfString(r.text);
    return out;
  }

  /** Lines of at most `width`, broken at spaces (a word longer than a line keeps its own line). */
  private wrap(text: string, width: number, bold: boolean): string[] {
    const measure = (s: string) => this.runs(s, bold).reduce((sum, r) => sum + r.width, 0);
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && measure(next) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
    return lines;
  }
}
