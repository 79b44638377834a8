// Charts drawn as inline SVG (no library): each has a text alternative, the numbers it shows.
const NS = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  children.forEach(c => el.append(c instanceof Node ? c : document.createTextNode(String(c))));
  return el;
}

/**
 * Stacked bars per hour: {@code buckets} = [{start, ok, failed}], oldest first. {@code label} describes the
 * chart for screen readers; each bar has a title with its numbers.
 */
export function hourlyBars(buckets, label, okLabel, failedLabel) {
  const width = 640, height = 180, pad = 24;
  const max = Math.max(1, ...buckets.map(b => b.ok + b.failed));
  const barWidth = buckets.length ? (width - 2 * pad) / buckets.length : 0;
  const chart = svg('svg', {viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label, class: 'chart'});
  chart.append(svg('line', {x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, class: 'axis'}));
  chart.append(svg('text', {x: 2, y: pad, class: 'tick'}, max));
  buckets.forEach((b, i) => {
    const x = pad + i * barWidth;
    const okHeight = (height - 2 * pad) * b.ok / max;
    const failedHeight = (height - 2 * pad) * b.failed / max;
    const bar = svg('g', {},
      svg('title', {}, `${new Date(b.start).toLocaleString()}: ${b.ok} ${okLabel}, ${b.failed} ${failedLabel}`),
      svg('rect', {x: x + 1, y: height - pad - okHeight, width: Math.max(1, barWidth - 2), height: okHeight, class: 'ok'}),
      svg('rect', {x: x + 1, y: height - pad - okHeight - failedHeight, width: Math.max(1, barWidth - 2), height: failedHeight, class: 'failed'}));
    chart.append(bar);
  });
  if (buckets.length) {
    chart.append(svg('text', {x: pad, y: height - 6, class: 'tick'}, new Date(buckets[0].start).toLocaleTimeString([], {hour: '2-digit', minute: '2-digit'})));
    chart.append(svg('text', {x: width - pad, y: height - 6, class: 'tick', 'text-anchor': 'end'},
      new Date(buckets[buckets.length - 1].start).toLocaleTimeString([], {hour: '2-digit', minute: '2-digit'})));
  }
  return chart;
}

/** Horizontal bars: {@code rows} = [{label, value}]. */
export function horizontalBars(rows, label) {
  const rowHeight = 22, width = 640, labelWidth = 200;
  const max = Math.max(1, ...rows.map(r => r.value));
  const chart = svg('svg', {viewBox: `0 0 ${width} ${Math.max(rowHeight, rows.length * rowHeight)}`, role: 'img', 'aria-label': label, class: 'chart'});
  rows.forEach((r, i) => {
    const y = i * rowHeight;
    const w = (width - labelWidth - 60) * r.value / max;
    chart.append(svg('text', {x: 0, y: y + 15, class: 'tick'}, r.label));
    chart.append(svg('rect', {x: labelWidth, y: y + 4, width: Math.max(1, w), height: rowHeight - 8, class: 'failed'}));
    chart.append(svg('text', {x: labelWidth + w + 6, y: y + 15, class: 'tick'}, r.value));
  });
  return chart;
}

/** A ring filled to {@code ratio} (0..1) with the percentage in its middle. */
export function ring(ratio, label) {
  const r = 40, c = 2 * Math.PI * r;
  const pct = Math.round(ratio * 1000) / 10;
  return svg('svg', {viewBox: '0 0 100 100', role: 'img', 'aria-label': `${label}: ${pct} %`, class: 'ring'},
    svg('circle', {cx: 50, cy: 50, r, class: 'ring-back'}),
    svg('circle', {cx: 50, cy: 50, r, class: 'ring-front', 'stroke-dasharray': `${c * ratio} ${c}`, transform: 'rotate(-90 50 50)'}),
    svg('text', {x: 50, y: 55, 'text-anchor': 'middle', class: 'ring-text'}, pct + ' %'));
}
