// The part of jsdom the server's renderer uses (a window for DOMPurify); jsdom ships no types.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
