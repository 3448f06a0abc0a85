const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** The test sheet inside the Checkout iframe: Pay, Fail and Close, as a real sheet would offer. */
export function sheetPage(input: {
  merchant: string;
  description: string;
  amountLabel: string;
  customer: string;
  email: string;
  contact: string;
  orderId: string;
  keyId: string;
  parentOrigin: string;
  error?: string;
}): string {
  const config = JSON.stringify({
    orderId: input.orderId,
    keyId: input.keyId,
    email: input.email,
    contact: input.contact,
    parentOrigin: input.parentOrigin,
  }).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Razorpay Checkout (sandbox)</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 16px system-ui, sans-serif; background: transparent; }
  main { width: min(92vw, 380px); background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 10px 40px rgba(0,0,0,.3); display: grid; gap: 12px; }
  .tag { font-size: 12px; color: #92400e; background: #fef3c7; border-radius: 999px; padding: 2px 10px; justify-self: start; }
  h1 { font-size: 18px; margin: 0; } p { margin: 0; color: #475569; } .amount { font-size: 28px; font-weight: 700; color: #0f172a; }
  button { font: inherit; padding: 10px; border-radius: 8px; border: 1px solid #cbd5e1; background: #fff; cursor: pointer; }
  button.pay { background: #2563eb; color: #fff; border-color: #2563eb; } button.fail { color: #b91c1c; }
  [role=status] { min-height: 1.2em; color: #b91c1c; }
</style></head>
<body><main aria-labelledby="title">
  <span class="tag">Sandbox: test payments only</span>
  <h1 id="title">${escapeHtml(input.merchant)}</h1>
  <p>${escapeHtml(input.description)}</p>
  <p class="amount">${escapeHtml(input.amountLabel)}</p>
  <p>${escapeHtml(input.customer)} ${escapeHtml(input.email)} ${escapeHtml(input.contact)}</p>
  <p>Order ${escapeHtml(input.orderId)}</p>
  <p role="status" id="status">${escapeHtml(input.error ?? "")}</p>
  <button type="button" class="pay" id="pay"${input.error ? " disabled" : ""}>Pay</button>
  <button type="button" class="fail" id="fail"${input.error ? " disabled" : ""}>Fail</button>
  <button type="button" id="close">Close</button>
</main>
<script>
  var config = ${config};
  var status = document.getElementById("status");
  function tell(message) { window.parent.postMessage(Object.assign({ source: "razorpay-sandbox" }, message), config.parentOrigin); }
  function call(path) {
    return fetch(path, { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ key_id: config.keyId, order_id: config.orderId, email: config.email, contact: config.contact }) })
      .then(function (r) { return r.json(); });
  }
  document.getElementById("pay").onclick = function () {
    call("/v1/checkout/sandbox/pay").then(function (body) {
      if (body.error) { status.textContent = body.error.description; return; }
      tell({ type: "success", response: body });
    });
  };
  document.getElementById("fail").onclick = function () {
    call("/v1/checkout/sandbox/fail").then(function (body) {
      status.textContent = "Payment failed: " + body.error.description + " You can try again or close.";
      tell({ type: "failed", error: body.error });
    });
  };
  document.getElementById("close").onclick = function () { tell({ type: "dismiss" }); };
</script></body></html>`;
}
