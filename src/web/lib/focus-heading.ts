/**
 * Moves focus to `heading`, the h1 of a page or screen that has just replaced another, so a screen
 * reader announces it and Tab starts from it, and scrolls to the top when it is out of view (the
 * reader may have been far down the screen that was replaced).
 */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
  const top = heading.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight) window.scrollTo({ top: 0 });
}
