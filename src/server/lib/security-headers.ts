import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import { policyOf } from "./route-policy.ts";

/**
 * CSP and friends on every response. Pages: styles allow inline because toasts inject a style
 * tag. Stored files (everything under /storage, and API routes that declare `servesStoredFile`,
 * such as the quiz PDF, which checks the viewer first): never a page, so nothing in them may run
 * or load anything.
 */

type CspOptions = { https: boolean; razorpay?: { apiUrl: string; checkoutUrl: string } };

/** Razorpay Checkout's documented frame origins (its sheet is an iframe on these). */
export const RAZORPAY_FRAME_ORIGINS = ["https://api.razorpay.com", "https://checkout.razorpay.com"];

export function securityHeaders(options: CspOptions) {
  const pages = pageHeaders(options);
  const files = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      imgSrc: ["'self'"],
      styleSrc: ["'unsafe-inline'"],
      sandbox: [],
    },
    strictTransportSecurity: options.https ? "max-age=31536000; includeSubDomains" : false,
    crossOriginResourcePolicy: "same-origin",
  });
  return createMiddleware((c, next) =>
    c.req.path.startsWith("/storage/") || policyOf(c).servesStoredFile
      ? files(c, next)
      : pages(c, next),
  );
}

function pageHeaders(options: CspOptions) {
  // Exactly the configured Razorpay origins: its Checkout script, and its API (the sheet's frame).
  const checkoutOrigin = options.razorpay ? new URL(options.razorpay.checkoutUrl).origin : null;
  const apiOrigin = options.razorpay ? new URL(options.razorpay.apiUrl).origin : null;
  const unique = (list: (string | null)[]) => [...new Set(list.filter((v): v is string => !!v))];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: unique(["'self'", checkoutOrigin]),
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      // The service worker (/sw.js) and pdf.js's worker, both our own files (decision 045).
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      mediaSrc: ["'self'", "https:"],
      frameSrc: unique([
        "https://www.youtube-nocookie.com",
        "https://www.youtube.com",
        "https://player.vimeo.com",
        ...(options.razorpay ? RAZORPAY_FRAME_ORIGINS : []),
        apiOrigin,
        checkoutOrigin,
      ]),
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: options.https ? "max-age=31536000; includeSubDomains" : false,
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
