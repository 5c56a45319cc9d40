import { Navigate, Route, Routes } from 'react-router';
import { PortalWelcome } from '#web/app/layout/portal-welcome';
import { SectionPlaceholder } from '#web/app/layout/section-placeholder';
import { paths } from '#web/app/paths';

/** Routes of the assistant portal, relative to paths.assistant.root; screens replace the placeholders as they are built. */
export function AssistantPortal() {
  return (
    <Routes>
      <Route index element={<PortalWelcome portal="assistant" />} />
      <Route
        path="assignments"
        element={<SectionPlaceholder portal="assistant" path={paths.assistant.assignments} />}
      />
      <Route
        path="confirmation"
        element={<SectionPlaceholder portal="assistant" path={paths.assistant.confirmation} />}
      />
      <Route
        path="notifications"
        element={<SectionPlaceholder portal="assistant" path={paths.assistant.notifications} />}
      />
      <Route path="*" element={<Navigate to={paths.assistant.root} replace />} />
    </Routes>
  );
}
