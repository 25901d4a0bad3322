/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A bare page of the sandbox's stand-ins (provider apps, consent screens). */
export function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>${head}
<link rel="icon" href="data:,">
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1b1b1b}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.5rem;text-align:left}
.random{font-size:1.6rem;font-weight:700}button{padding:.4rem .9rem;margin-right:.3rem;cursor:pointer}
.ok{background:#0a7d43;color:#fff;border:0}.no{background:#b3261e;color:#fff;border:0}
label{display:block;margin:.6rem 0}input[type=text],input[type=email],input[type=url]{width:100%;padding:.4rem}
.muted{color:#666;font-size:.9rem}
</style></head><body>${body}</body></html>`;
}
