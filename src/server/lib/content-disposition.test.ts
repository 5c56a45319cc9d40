import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('keeps a plain name as it is (a token, or quoted where it must be)', () => {
    expect(attachmentDisposition('orders.csv')).toBe('attachment; filename=orders.csv');
    expect(attachmentDisposition('floor plan.png')).toBe('attachment; filename="floor plan.png"');
  });

  it('sends a non-ASCII name as filename* (UTF-8) with an ASCII fallback', () => {
    const header = attachmentDisposition('файл.pdf');
    expect(header).toBe("attachment; filename=____.pdf; filename*=UTF-8''%D1%84%D0%B0%D0%B9%D0%BB.pdf");
    expect(parse(header).parameters.filename).toBe('файл.pdf');
    expect(attachmentDisposition('Café plan.png')).toMatch(
      /^attachment; filename="Cafe plan.png"; filename\*=UTF-8''Caf%C3%A9%20plan.png$/,
    );
  });

  it('cannot be broken out of by quotes, backslashes or line breaks', () => {
    const header = attachmentDisposition('a"b\\c\r\nSet-Cookie: x.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(parse(header).parameters.filename).toBe('a"b\\c__Set-Cookie: x.pdf');
  });
});
