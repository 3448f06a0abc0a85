import { InfoPage } from "./info-page.tsx";

// Screens whose full versions are still being built. Each says so plainly and links back.
const toDashboard = { to: "/student/dashboard", label: "Back to Dashboard" };
const toAdmin = { to: "/admin/dashboard", label: "Back to Dashboard" };

function Pending(props: {
  title: string;
  what: string;
  admin?: boolean;
  back?: { to: string; label: string };
}) {
  return (
    <InfoPage title={props.title} backTo={props.back ?? (props.admin ? toAdmin : toDashboard)}>
      <p>{props.what}</p>
      <p className="text-sm text-muted-foreground">
        This screen is being built and is not available yet.
      </p>
    </InfoPage>
  );
}

export const SubscriptionsPage = () => (
  <Pending
    title="Choose Your Plan"
    what="Subscription plans and your current plan will be shown here."
  />
);
export const AdminPaymentSettingsPage = () => (
  <Pending admin title="Payment Gateway Settings" what="Razorpay keys and status." />
);
export const AdminPlansPage = () => (
  <Pending admin title="Manage Subscription Plans" what="Plans with prices, limits and features." />
);
export const AdminUserSubscriptionsPage = () => (
  <Pending admin title="User Subscriptions" what="Students' subscriptions and their status." />
);
