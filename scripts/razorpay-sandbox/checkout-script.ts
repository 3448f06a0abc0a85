/**
 * The stand-in's checkout.js: `new Razorpay(options).open()` shows the test sheet in an iframe
 * served by the sandbox (as the real Checkout frames api.razorpay.com), and turns its messages
 * into the documented callbacks: `handler(response)`, `on("payment.failed", fn)` and
 * `modal.ondismiss()`.
 */
export const CHECKOUT_SCRIPT = `(function () {
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src).origin : "";
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error("Razorpay: the key option is required");
    this.options = options;
    this.listeners = {};
  }
  Razorpay.prototype.on = function (event, fn) {
    (this.listeners[event] = this.listeners[event] || []).push(fn);
  };
  Razorpay.prototype.close = function () {};
  Razorpay.prototype.open = function () {
    var self = this;
    var o = this.options;
    var prefill = o.prefill || {};
    var params = new URLSearchParams({
      key_id: o.key,
      order_id: o.order_id || "",
      name: o.name || "",
      description: o.description || "",
      customer: prefill.name || "",
      email: prefill.email || "",
      contact: prefill.contact || "",
      parent_origin: window.location.origin
    });
    var frame = document.createElement("iframe");
    frame.src = origin + "/v1/checkout/sandbox?" + params.toString();
    frame.title = "Razorpay Checkout (sandbox)";
    frame.setAttribute("style", "position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(15,23,42,0.55)");
    function emit(event, payload) {
      (self.listeners[event] || []).forEach(function (fn) { fn(payload); });
    }
    function close() {
      window.removeEventListener("message", onMessage);
      if (frame.parentNode) frame.parentNode.removeChild(frame);
    }
    function onMessage(event) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.source !== "razorpay-sandbox") return;
      if (data.type === "success") {
        close();
        if (typeof o.handler === "function") o.handler(data.response);
      } else if (data.type === "failed") {
        emit("payment.failed", { error: data.error });
      } else if (data.type === "dismiss") {
        close();
        if (o.modal && typeof o.modal.ondismiss === "function") o.modal.ondismiss();
      }
    }
    self.close = close;
    window.addEventListener("message", onMessage);
    document.body.appendChild(frame);
  };
  window.Razorpay = Razorpay;
})();
`;
