// The business-day bench's charts (issue 27 part 1) as SVG written by hand: no dependency, and
// docs/benchmarks.md shows them as images. Time runs along x in minutes from the start of the mix.

export interface Series {
  name: string;
  color: string;
  points: Array<{ t: number; v: number }>;
  dashed?: boolean;
}

interface ChartOptions {
  title: string;
  yLabel: string;
  /** Logarithmic y axis (latencies from 1 ms to seconds). */
  log?: boolean;
  /** Horizontal lines: targets. */
  rules?: Array<{ v: number; label: string; color: string }>;
  /** The x range in seconds (the run's length). */
  seconds: number;
  /** Vertical lines: moments (e.g. the end of the warm-up), in seconds. */
  marks?: Array<{ t: number; label: string }>;
}

const W = 760;
const H = 340;
const M = { left: 64, right: 180, top: 36, bottom: 44 };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function niceStep(span: number, ticks: number): number {
  const raw = span / ticks;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

/** A line chart of `series` over time, as an SVG document. */
export function lineChart(series: Series[], o: ChartOptions): string {
  const values = [
    ...series.flatMap((s) => s.points.map((p) => p.v)),
    ...(o.rules ?? []).map((r) => r.v),
  ].filter((v) => Number.isFinite(v) && (!o.log || v > 0));
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  let yMin: number;
  let yMax: number;
  let yTicks: number[];
  if (o.log) {
    yMin = 10 ** Math.floor(Math.log10(Math.max(0.1, Math.min(...values, 1))));
    yMax = 10 ** Math.ceil(Math.log10(Math.max(...values, 10)));
    yTicks = [];
    for (let v = yMin; v <= yMax * 1.0001; v *= 10) yTicks.push(v);
  } else {
    yMin = 0;
    const top = Math.max(...values, 1) * 1.1;
    const step = niceStep(top, 5);
    yMax = Math.ceil(top / step) * step;
    yTicks = [];
    for (let v = 0; v <= yMax + step / 2; v += step) yTicks.push(v);
  }
  const xMax = Math.max(o.seconds, 1);
  const x = (t: number) => M.left + (Math.min(t, xMax) / xMax) * plotW;
  const y = (v: number) => {
    const f = o.log
      ? (Math.log10(Math.max(v, yMin)) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))
      : (v - yMin) / (yMax - yMin);
    return M.top + plotH - Math.max(0, Math.min(1, f)) * plotH;
  };
  const minutes = xMax / 60;
  const xStep = niceStep(minutes, 10);
  const xTicks: number[] = [];
  for (let m = 0; m <= minutes + 1e-9; m += xStep) xTicks.push(m);
  const fmt = (v: number) => (v >= 1000 ? `${v / 1000} s` : `${v}`);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    // a title names the image for screen readers (and Biome's lint of docs/ asks for one)
    `<title>${esc(o.title)}</title>`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${M.left}" y="20" font-size="13" font-weight="bold">${esc(o.title)}</text>`,
    `<text x="14" y="${M.top + plotH / 2}" transform="rotate(-90 14 ${M.top + plotH / 2})" text-anchor="middle">${esc(o.yLabel)}</text>`,
    `<text x="${M.left + plotW / 2}" y="${H - 8}" text-anchor="middle">minutes from the start of the mix</text>`,
  ];
  for (const v of yTicks) {
    parts.push(
      `<line x1="${M.left}" x2="${M.left + plotW}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#e5e5e5"/>`,
      `<text x="${M.left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${esc(o.log ? fmt(v) : String(Math.round(v * 100) / 100))}</text>`,
    );
  }
  for (const m of xTicks) {
    parts.push(
      `<line x1="${x(m * 60).toFixed(1)}" x2="${x(m * 60).toFixed(1)}" y1="${M.top}" y2="${M.top + plotH}" stroke="#f0f0f0"/>`,
      `<text x="${x(m * 60).toFixed(1)}" y="${M.top + plotH + 16}" text-anchor="middle">${Math.round(m * 100) / 100}</text>`,
    );
  }
  parts.push(
    `<rect x="${M.left}" y="${M.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#999"/>`,
  );
  for (const m of o.marks ?? []) {
    parts.push(
      `<line x1="${x(m.t).toFixed(1)}" x2="${x(m.t).toFixed(1)}" y1="${M.top}" y2="${M.top + plotH}" stroke="#777" stroke-dasharray="2 3"/>`,
      `<text x="${(x(m.t) + 4).toFixed(1)}" y="${M.top + 12}" fill="#555">${esc(m.label)}</text>`,
    );
  }
  for (const r of o.rules ?? []) {
    parts.push(
      `<line x1="${M.left}" x2="${M.left + plotW}" y1="${y(r.v).toFixed(1)}" y2="${y(r.v).toFixed(1)}" stroke="${r.color}" stroke-dasharray="6 4"/>`,
      `<text x="${M.left + plotW - 4}" y="${(y(r.v) - 4).toFixed(1)}" text-anchor="end" fill="${r.color}">${esc(r.label)}</text>`,
    );
  }
  series.forEach((s, i) => {
    const pts = s.points.filter((p) => Number.isFinite(p.v));
    if (pts.length > 0) {
      parts.push(
        `<polyline fill="none" stroke="${s.color}" stroke-width="1.8"${s.dashed ? ' stroke-dasharray="4 3"' : ''} points="${pts
          .map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`)
          .join(' ')}"/>`,
      );
      for (const p of pts.length <= 60 ? pts : [])
        parts.push(`<circle cx="${x(p.t).toFixed(1)}" cy="${y(p.v).toFixed(1)}" r="2.2" fill="${s.color}"/>`);
    }
    const ly = M.top + 10 + i * 18;
    parts.push(
      `<line x1="${W - M.right + 12}" x2="${W - M.right + 32}" y1="${ly}" y2="${ly}" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="4 3"' : ''}/>`,
      `<text x="${W - M.right + 38}" y="${ly + 4}">${esc(s.name)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
