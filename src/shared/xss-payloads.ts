/** XSS payloads that must come out inert, shared by the server and browser sanitiser tests. */
export const XSS_PAYLOADS: Array<[name: string, html: string]> = [
  ["script tag", `<p>ok</p><script>alert(1)</script>`],
  ["script with src", `<script src="https://evil.example/x.js"></script>`],
  ["event handler on a paragraph", `<p onclick="alert(1)">ok</p>`],
  ["img onerror", `<img src="x" onerror="alert(1)">`],
  ["javascript: link", `<a href="javascript:alert(1)">click</a>`],
  ["javascript: link with entities", `<a href="jav&#x09;ascript:alert(1)">click</a>`],
  ["upper-case JAVASCRIPT: link", `<a href="JAVASCRIPT:alert(1)">click</a>`],
  ["javascript: image", `<img src="javascript:alert(1)">`],
  ["data:text/html link", `<a href="data:text/html,<script>alert(1)</script>">x</a>`],
  ["foreign iframe", `<iframe src="https://evil.example/page"></iframe>`],
  ["javascript: iframe", `<iframe src="javascript:alert(1)"></iframe>`],
  ["srcdoc iframe", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`],
  ["svg onload", `<svg onload="alert(1)"><circle r="1"/></svg>`],
  ["object and embed", `<object data="x.swf"></object><embed src="x.swf">`],
  ["style tag", `<style>body{background:url(javascript:alert(1))}</style>`],
  [
    "style attribute expression",
    `<p style="background:url(javascript:alert(1));position:fixed">x</p>`,
  ],
  [
    "form and input",
    `<form action="https://evil.example"><input name="a"><button>go</button></form>`,
  ],
  ["meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`],
  ["base tag", `<base href="https://evil.example/">`],
  ["nested script trick", `<scr<script>ipt>alert(1)</scr</script>ipt>`],
  ["math with xlink", `<math><mtext><a xlink:href="javascript:alert(1)">x</a></mtext></math>`],
  ["unclosed attribute", `<img src=x onerror=alert(1)//`],
];

/** True when nothing in the HTML could run script or frame a foreign page. */
export function isInert(html: string): boolean {
  const lower = html.toLowerCase();
  return (
    !/<script|<style|<svg|<object|<embed|<form|<input|<meta|<base|<math/.test(lower) &&
    !/\son[a-z]+\s*=/.test(lower) &&
    !/javascript:|vbscript:|data:text/.test(lower) &&
    !/srcdoc/.test(lower) &&
    !/<iframe(?![^>]*src="https:\/\/(www\.youtube-nocookie\.com|www\.youtube\.com|player\.vimeo\.com)\/)/.test(
      lower,
    )
  );
}
