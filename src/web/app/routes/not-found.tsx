import { Button } from "@web/components/ui/button.tsx";
import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild className="justify-self-center">
        <Link to="/">Go Back to Homepage</Link>
      </Button>
    </div>
  );
}
