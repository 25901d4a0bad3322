import type { INestApplication } from '@nestjs/common';
import { servedRoutes } from './bad-input.js';
import { baseUrlOf, rawRequest } from './http.js';

export interface HttpSeries {
  method: string;
  route: string;
  status: string;
  count: number;
}

/** The app's Prometheus text from /metrics on its own port (no METRICS_PORT in tests). */
export async function scrapeMetrics(app: INestApplication): Promise<string> {
  const response = await rawRequest(baseUrlOf(app), { path: '/metrics' });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return response.text;
}

/** The request counts of `manzil_http_requests_total` for one service, one entry per series. */
export function httpSeries(metrics: string, service: string): HttpSeries[] {
  const series: HttpSeries[] = [];
  const line = /^manzil_http_requests_total\{(.*)\} (\d+)$/gm;
  for (const [, labels, count] of metrics.matchAll(line)) {
    const value = Object.fromEntries(
      [...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, name, text]) => [name, text]),
    );
    if (value.service !== service) continue;
    series.push({
      method: value.method,
      route: value.route,
      status: value.status_code,
      count: Number(count),
    });
  }
  return series;
}

/**
 * Checks a service's request metrics: one request to a route with a parameter (if it has one)
 * shows up under the route's template (not its URL), and every series is labelled with a route the app serves
 * or `(unmatched)`, so scans and fuzzing cannot grow the number of series. Returns what is
 * wrong (empty when all holds) and the template it asked.
 */
export async function checkHttpMetrics(
  app: INestApplication,
  service: string,
): Promise<{ template: string; problems: string[] }> {
  const served = servedRoutes(app);
  const probe =
    served.find((route) => route.method === 'GET' && route.path.includes('/:')) ??
    served.find((route) => route.path.includes('/:')) ??
    served.find((route) => route.path === '/health');
  if (!probe) return { template: '', problems: ['no route to probe'] };
  await rawRequest(baseUrlOf(app), {
    method: probe.method,
    path: probe.path.replace(/:\w+/g, 'metrics-probe-0'),
  });
  const series = httpSeries(await scrapeMetrics(app), service);
  const templates = new Set(served.map((route) => route.path));
  const problems: string[] = [];
  if (!series.some((s) => s.route === probe.path)) problems.push(`no series for ${probe.path}`);
  for (const s of series) {
    if (s.route.includes('metrics-probe-0')) problems.push(`raw URL as a label: ${s.route}`);
    else if (s.route !== '(unmatched)' && !templates.has(s.route))
      problems.push(`unknown route label: ${s.route}`);
  }
  return { template: probe.path, problems };
}
