import { Alert } from '#web/components/ui/alert';

export function NotLinkedToEmployee() {
  return (
    <Alert variant="warning" title="Your account is not linked to a driver or assistant">
      Ask an administrator to link your login to your employee record to see your assignments.
    </Alert>
  );
}
