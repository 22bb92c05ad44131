import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { DashboardRedirect } from './dashboard-redirect';
import { RequireAuth } from './route-guard';

// Every area is one chunk, loaded when one of its routes is first opened.
const publicArea = () => import('./routes/public-area');
const employerArea = () => import('./routes/employer-area');
const workerArea = () => import('./routes/worker-area');
const adminArea = () => import('./routes/admin-area');

const LandingPage = lazy(() => publicArea().then((area) => ({ default: area.LandingPage })));
const LoginPage = lazy(() => publicArea().then((area) => ({ default: area.LoginPage })));
const SignupPage = lazy(() => publicArea().then((area) => ({ default: area.SignupPage })));
const ContactPage = lazy(() => publicArea().then((area) => ({ default: area.ContactPage })));
const StartPage = lazy(() => publicArea().then((area) => ({ default: area.StartPage })));
const PlansPage = lazy(() => publicArea().then((area) => ({ default: area.PlansPage })));

const EmployerShell = lazy(() => employerArea().then((area) => ({ default: area.EmployerShell })));
const EmployerComingSoon = lazy(() => employerArea().then((area) => ({ default: area.EmployerComingSoon })));

const WorkerShell = lazy(() => workerArea().then((area) => ({ default: area.WorkerShell })));
const WorkerComingSoon = lazy(() => workerArea().then((area) => ({ default: area.WorkerComingSoon })));

const AdminShell = lazy(() => adminArea().then((area) => ({ default: area.AdminShell })));
const AdminEmployersComingSoon = lazy(() => adminArea().then((area) => ({ default: area.AdminEmployersComingSoon })));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/start/*" element={<StartPage />} />
          <Route path="/buy" element={<PlansPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/contactus" element={<ContactPage />} />
          <Route path="/dashboard" element={<DashboardRedirect />} />

          <Route
            path="/kryepuntor"
            element={
              <RequireAuth allowedUserTypes={['employer']}>
                <EmployerShell />
              </RequireAuth>
            }
          >
            <Route index element={<EmployerComingSoon screen="dashboard" />} />
            <Route path="employee" element={<EmployerComingSoon screen="employees" />} />
            <Route path="listarfid" element={<EmployerComingSoon screen="rfidList" />} />
            <Route path="klista" element={<EmployerComingSoon screen="hoursList" />} />
            <Route path="edit_klista/:id" element={<EmployerComingSoon screen="editHours" />} />
            <Route path="add_klista" element={<EmployerComingSoon screen="addHours" />} />
            <Route path="oret/:id" element={<EmployerComingSoon screen="employeeHours" />} />
            <Route path="puntoret" element={<EmployerComingSoon screen="payAndHours" />} />
            <Route path="devices" element={<EmployerComingSoon screen="devices" />} />
            <Route path="device/group" element={<EmployerComingSoon screen="deviceGroups" />} />
            <Route path="premium/listatype" element={<EmployerComingSoon screen="listType" />} />
            <Route path="chat" element={<EmployerComingSoon screen="chat" />} />
            <Route path="*" element={<Navigate to="/kryepuntor" replace />} />
          </Route>

          <Route
            element={
              <RequireAuth allowedUserTypes={['worker']}>
                <WorkerShell />
              </RequireAuth>
            }
          >
            <Route path="/datapuntoret" element={<WorkerComingSoon screen="myHours" />} />
            <Route path="/datapuntoret/chat" element={<WorkerComingSoon screen="chat" />} />
            <Route path="/change/password/:id" element={<WorkerComingSoon screen="changePassword" />} />
          </Route>

          <Route
            path="/admin"
            element={
              <RequireAuth allowedUserTypes={[]}>
                <AdminShell />
              </RequireAuth>
            }
          >
            <Route index element={<AdminEmployersComingSoon />} />
          </Route>

          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
