import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { ExtraTimeCard } from "./extra-time-card.tsx";

const none = { status: "none", extraTime: null, reason: null, certificate: null };
const certificate = {
  url: "/api/accommodations/0b6f1c1e-7d3a-4b8e-9a51-1f2e3d4c5b6a/certificate",
  contentType: "application/pdf",
  uploadedAt: "2026-12-01T10:00:00.000Z",
};

function renderCard(routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi(routes);
  renderRoutes([{ path: "/student/profile", element: <ExtraTimeCard /> }], {
    path: "/student/profile",
    session: studentSession("Asha Rao"),
  });
  return stub;
}

const pdf = () => new File(["%PDF-1.4"], "certificate.pdf", { type: "application/pdf" });

describe("ExtraTimeCard (profile)", () => {
  it("uploads a certificate and shows it under review, refusing a wrong file before sending", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const stub = renderCard({
      "GET /api/accommodations": () => jsonResponse(200, none),
      "POST /api/accommodations/certificate": () =>
        jsonResponse(201, { ...none, status: "pending", certificate }),
    });
    expect(await screen.findByText("Not requested")).toBeInTheDocument();
    const field = screen.getByLabelText("Disability certificate");
    await user.upload(field, new File(["hello"], "notes.txt", { type: "text/plain" }));
    await user.click(screen.getByRole("button", { name: "Upload certificate" }));
    expect(
      await screen.findByText("The certificate must be a PDF, JPEG or PNG file."),
    ).toBeInTheDocument();
    expect(stub.requests).toEqual(["GET /api/accommodations"]);

    await user.upload(field, pdf());
    await user.click(screen.getByRole("button", { name: "Upload certificate" }));
    expect(await screen.findByText("Under review")).toBeInTheDocument();
    expect(stub.requests).toContain("POST /api/accommodations/certificate");
    expect(screen.getByRole("link", { name: "View your certificate" })).toHaveAttribute(
      "href",
      certificate.url,
    );
    // Still under review: the file may be replaced.
    expect(screen.getByRole("button", { name: "Replace certificate" })).toBeInTheDocument();
  });

  it("shows the server's refusal under the field", async () => {
    const user = userEvent.setup();
    renderCard({
      "GET /api/accommodations": () => jsonResponse(200, none),
      "POST /api/accommodations/certificate": () =>
        jsonResponse(422, {
          error: {
            code: "VALIDATION_FAILED",
            message: "The certificate must be a PDF, JPEG or PNG file.",
          },
        }),
    });
    await user.upload(await screen.findByLabelText("Disability certificate"), pdf());
    await user.click(screen.getByRole("button", { name: "Upload certificate" }));
    expect(
      await screen.findByText("The certificate must be a PDF, JPEG or PNG file."),
    ).toBeInTheDocument();
    expect(screen.getByText("Not requested")).toBeInTheDocument();
  });

  it("shows approved extra time without an upload", async () => {
    renderCard({
      "GET /api/accommodations": () =>
        jsonResponse(200, {
          status: "approved",
          extraTime: { kind: "per_hour", minutes: 20 },
          reason: null,
          certificate,
        }),
    });
    expect(await screen.findByText("Approved")).toBeInTheDocument();
    expect(screen.getByText("+20 minutes per hour")).toBeInTheDocument();
    expect(screen.queryByLabelText("Disability certificate")).not.toBeInTheDocument();
  });

  it("shows a refusal with the admin's reason and offers a new upload", async () => {
    renderCard({
      "GET /api/accommodations": () =>
        jsonResponse(200, {
          status: "rejected",
          extraTime: null,
          reason: "The certificate is not legible.",
          certificate,
        }),
    });
    expect(await screen.findByText("Not approved")).toBeInTheDocument();
    expect(screen.getByText("The certificate is not legible.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Upload certificate" })).toBeInTheDocument(),
    );
  });
});
