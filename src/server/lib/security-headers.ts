import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";

/**
 * CSP and friends on every response. Pages: styles allow inline because toasts inject a style
 * tag. Stored files (/storage, quiz PDFs): never a page, so nothing in them may run or load anything.
 */
/** Quiz PDFs are stored files too, served through an API route that checks entitlement first. */
const QUIZ_PDF_PATH = /^\/api\/quizzes\/[^/]+\/pdf$/;

export function securityHeaders(options: { https: boolean }) {
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
    c.req.path.startsWith("/storage/") || QUIZ_PDF_PATH.test(c.req.path)
      ? files(c, next)
      : pages(c, next),
  );
}

function pageHeaders(options: { https: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", "https:"],
      frameSrc: [
        "https://www.youtube-nocookie.com",
        "https://www.youtube.com",
        "https://player.vimeo.com",
      ],
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
