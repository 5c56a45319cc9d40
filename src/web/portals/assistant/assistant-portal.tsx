import { Navigate, Route, Routes } from 'react-router';
import { paths } from '#web/lib/paths';
import { AssignmentsPage } from './pages/assignments-page';
import { ConfirmationPage } from './pages/confirmation-page';
import { AssistantHomePage } from './pages/home-page';
import { NotificationsPage } from './pages/notifications-page';

/** Routes of the driver and assistant portal, relative to /assistant (and /driver, the same portal). */
export function AssistantPortal() {
  return (
    <Routes>
      <Route index element={<AssistantHomePage />} />
      <Route path="assignments" element={<AssignmentsPage />} />
      <Route path="confirmation" element={<ConfirmationPage />} />
      <Route path="notifications" element={<NotificationsPage />} />
      <Route path="*" element={<Navigate to={paths.assistant.root} replace />} />
    </Routes>
  );
}
