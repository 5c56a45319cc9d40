import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES, MAX_ORDER_ATTACHMENTS } from '#shared/constants';
import { testTranslator } from '#web/i18n/testing';
import { ATTACHMENT_ACCEPT, attachmentError, formatFileSize, partitionAttachments } from './attachment-rules';

const t = testTranslator('en');

describe('attachment rules', () => {
  it('accepts the allowed types up to 10MB, whatever the case of the extension', () => {
    expect(attachmentError({ name: 'po.pdf', size: 1000 }, t)).toBeNull();
    expect(attachmentError({ name: 'Photo.JPG', size: MAX_ATTACHMENT_BYTES }, t)).toBeNull();
    expect(attachmentError({ name: 'spec.docx', size: 10 }, t)).toBeNull();
  });

  it('rejects other types with a clear message', () => {
    expect(attachmentError({ name: 'run.exe', size: 10 }, t)).toBe(
      'run.exe: file type not allowed. Allowed types: pdf, doc, docx, jpg, jpeg, png.',
    );
    expect(attachmentError({ name: 'noextension', size: 10 }, t)).toMatch(/not allowed/);
  });

  it('rejects files above 10MB', () => {
    expect(attachmentError({ name: 'big.pdf', size: MAX_ATTACHMENT_BYTES + 1 }, t)).toBe(
      'big.pdf is larger than 10MB.',
    );
  });

  it('keeps the good files and reports the bad ones', () => {
    const { accepted, errors } = partitionAttachments(
      [
        { name: 'a.png', size: 1 },
        { name: 'b.gif', size: 1 },
        { name: 'c.pdf', size: MAX_ATTACHMENT_BYTES * 2 },
      ],
      [],
      t,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(errors).toHaveLength(2);
  });

  it('keeps an order within 10 files and 25MB together, counting the files it already has', () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: `p${i}.pdf`, size: 1 }));
    const { accepted, errors } = partitionAttachments(
      [
        { name: 'tenth.pdf', size: 1 },
        { name: 'eleventh.pdf', size: 1 },
      ],
      nine,
      t,
    );
    expect(accepted.map((f) => f.name)).toEqual(['tenth.pdf']);
    expect(errors).toEqual([`eleventh.pdf: an order can have at most ${MAX_ORDER_ATTACHMENTS} files.`]);
    const big = (name: string) => ({ name, size: 9 * 1024 * 1024 });
    const byTotal = partitionAttachments([big('a.pdf'), big('b.pdf'), big('c.pdf')], [], t);
    expect(byTotal.accepted.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(byTotal.errors).toEqual(['c.pdf: the files of an order can be at most 25MB together.']);
  });

  it('says every refusal in Sinhala and Tamil, naming the file and its figures', () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: `p${i}.pdf`, size: 1 }));
    const big = (name: string) => ({ name, size: 9 * 1024 * 1024 });
    for (const locale of ['si', 'ta'] as const) {
      const tl = testTranslator(locale);
      const [type, size, count] = partitionAttachments(
        [
          { name: 'run.exe', size: 1 },
          { name: 'big.pdf', size: MAX_ATTACHMENT_BYTES + 1 },
          { name: 'tenth.pdf', size: 1 },
          { name: 'eleventh.pdf', size: 1 },
        ],
        nine,
        tl,
      ).errors as [string, string, string];
      const [total] = partitionAttachments([big('a.pdf'), big('b.pdf'), big('c.pdf')], [], tl).errors;
      expect(type).toMatch(/^run\.exe: .*pdf, doc, docx, jpg, jpeg, png/);
      expect(size).toMatch(/^big\.pdf .*10MB/);
      expect(count).toMatch(/^eleventh\.pdf: .*\b10\b/);
      expect(total).toMatch(/^c\.pdf: .*25MB/);
      for (const message of [type, size, count, total!]) {
        const words = message.replace(/[\w.-]+\.(pdf|exe)|pdf, doc, docx, jpg, jpeg, png|MB/g, '');
        expect(words, `${locale}: ${message}`).not.toMatch(/[A-Za-z]{2,}/);
      }
    }
  });

  it('builds the accept attribute and readable sizes', () => {
    expect(ATTACHMENT_ACCEPT).toBe('.pdf,.doc,.docx,.jpg,.jpeg,.png');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
