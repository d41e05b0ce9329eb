function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2230;display:flex;min-height:100vh;margin:0;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:28px 32px;max-width:420px;width:100%}
h1{font-size:20px;margin:0 0 8px}p{margin:8px 0;line-height:1.45}.amount{font-size:28px;font-weight:700}
.row{display:flex;gap:12px;margin-top:20px}button{flex:1;font-size:16px;padding:12px;border-radius:8px;border:0;cursor:pointer}
.approve{background:#1a7f37;color:#fff}.fail{background:#e5e7eb;color:#1d2230}.note{font-size:12px;color:#667}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The sandbox bank's 3-D Secure page: two buttons posting back to the same URL (no script). */
export function challengePage(paymentId: string, amountCents: number, last4: string | null): string {
  const amount = `$${(amountCents / 100).toFixed(2)}`;
  return page(
    '3-D Secure verification',
    `<h1>Confirm your purchase</h1><p>Sandbox Bank asks you to confirm this payment${last4 ? ` with the card ending ${escapeHtml(last4)}` : ''}.</p>
<p class="amount">${escapeHtml(amount)}</p>
<form method="post" action="/sandbox/3ds/${escapeHtml(paymentId)}"><div class="row">
<button class="approve" type="submit" name="outcome" value="approve">Approve</button>
<button class="fail" type="submit" name="outcome" value="fail">Fail</button></div></form>
<p class="note">Sandbox: no real bank is contacted.</p>`,
  );
}

export function challengeDonePage(approved: boolean): string {
  return page(
    approved ? 'Payment approved' : 'Payment not approved',
    `<h1>${approved ? 'Payment approved' : 'Verification failed'}</h1><p>${approved ? 'You can close this window and return to the game.' : 'The payment was not authorized. You can close this window.'}</p>`,
  );
}
