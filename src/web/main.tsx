import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers.tsx";
import { createAppRouter } from "./app/router.tsx";
import { applyLanguage, initialLanguage } from "./lib/i18n.ts";
import { reloadOnNewBuild } from "./lib/reload-on-new-build.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import "./styles.css";

reloadOnNewBuild();
registerServiceWorker();
const router = createAppRouter();
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// A Hindi reader's first paint is in Hindi: its catalog is fetched before the first render
// (English needs nothing; decision 039). If it cannot be fetched, the app opens in English.
void applyLanguage(initialLanguage())
  .catch(() => applyLanguage("en"))
  .finally(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
