import { Navigate } from 'react-router';

/** Any unknown admin address goes to the dashboard (SPEC.md). */
export default function UnknownAdminPath() {
  return <Navigate to="/admin" replace />;
}
