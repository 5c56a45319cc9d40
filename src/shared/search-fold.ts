/**
 * Search text folding, the same on both sides: migrations/0010 defines search_fold() in SQL
 * with these two strings (lower(translate(t, FROM, TO))), and foldText() does it here. One
 * character becomes one character, so a match found in folded text has the same offsets in the
 * original (the highlights of search results).
 */
export const FOLD_FROM =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžĐđĦħıŁłØøŦŧßÆæŒœ';
export const FOLD_TO =
  'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzDdHhiLlOoTtsAaOo';

const MAP = new Map<string, string>([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));

/** Lower case without accents, one UTF-16 unit per unit of the input (offsets carry over). */
export function foldText(text: string): string {
  let out = '';
  for (const c of text) {
    const mapped = MAP.get(c) ?? c;
    const lower = mapped.toLowerCase();
    out += lower.length === mapped.length ? lower : mapped;
  }
  return out;
}

/** The words of a query, folded: letters and digits, split at anything else. */
export function searchTokens(query: string): string[] {
  return foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}
