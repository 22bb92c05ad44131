import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { loadFeatureTexts } from '../lib/i18n';

/** A signed-in area's chunk, with the features' texts (downloaded in parallel) in before it renders. */
function withFeatureTexts<T>(area: Promise<T>): Promise<T> {
  return Promise.all([area, loadFeatureTexts()]).then(([module]) => module);
}

// Every area is one chunk, loaded when one of its routes is first opened. The public pages need
// neither TanStack Query (session-area) nor the form libraries (auth-area) nor the features' texts.
const publicArea = () => import('./routes/public-area');
const authArea = () => import('./routes/auth-area');
const sessionArea = () => import('./routes/session-area');
const employerArea = () => withFeatureTexts(import('./routes/employer-area'));
const employerPages = () => withFeatureTexts(import('./routes/employer-pages'));
const workerArea = () => withFeatureTexts(import('./routes/worker-area'));
const adminArea = () => withFeatureTexts(import('./routes/admin-area'));
const subscriptionArea = () => withFeatureTexts(import('./routes/subscription-area'));
const kioskArea = () => withFeatureTexts(import('./routes/kiosk-area'));

/**
 * Starts downloading the chunks the page at `pathname` opens with, before the first render (which
 * waits for the texts), so the two downloads overlap instead of following one another.
 */
export function preloadRoute(pathname: string): void {
  const first = pathname.split('/')[1] ?? '';
  if (first === '' || first === 'start' || first === 'buy') {
    void publicArea();
    return;
  }
  void sessionArea();
  if (first === 'login' || first === 'signup' || first === 'contactus' || first === 'forgot-password') void authArea();
  else if (first === 'kryepuntor') {
    void employerArea();
    if (pathname.split('/')[2]) void employerPages();
  } else if (first === 'datapuntoret' || first === 'change') void workerArea();
  else if (first === 'admin') void adminArea();
  else if (first === 'kiosk') void kioskArea();
}

const AppDataLayout = lazy(() => sessionArea().then((area) => ({ default: area.AppDataLayout })));
const RequireAuth = lazy(() => sessionArea().then((area) => ({ default: area.RequireAuth })));
const DashboardRedirect = lazy(() => sessionArea().then((area) => ({ default: area.DashboardRedirect })));

const LandingPage = lazy(() => publicArea().then((area) => ({ default: area.LandingPage })));
const LoginPage = lazy(() => authArea().then((area) => ({ default: area.LoginPage })));
const SignupPage = lazy(() => authArea().then((area) => ({ default: area.SignupPage })));
const ForgotPasswordPage = lazy(() => authArea().then((area) => ({ default: area.ForgotPasswordPage })));
const ContactPage = lazy(() => authArea().then((area) => ({ default: area.ContactPage })));
const StartPage = lazy(() => publicArea().then((area) => ({ default: area.StartPage })));
const PlansPage = lazy(() => publicArea().then((area) => ({ default: area.PlansPage })));

const EmployerShell = lazy(() => employerArea().then((area) => ({ default: area.EmployerShell })));
const DashboardPage = lazy(() => employerArea().then((area) => ({ default: area.DashboardPage })));
const EmployeesPage = lazy(() => employerPages().then((area) => ({ default: area.EmployeesPage })));
const HoursListPage = lazy(() => employerPages().then((area) => ({ default: area.HoursListPage })));
const AddHoursPage = lazy(() => employerPages().then((area) => ({ default: area.AddHoursPage })));
const EditHoursPage = lazy(() => employerPages().then((area) => ({ default: area.EditHoursPage })));
const EmployeeHoursPage = lazy(() => employerPages().then((area) => ({ default: area.EmployeeHoursPage })));
const PaySummaryPage = lazy(() => employerPages().then((area) => ({ default: area.PaySummaryPage })));
const ListTypePage = lazy(() => employerPages().then((area) => ({ default: area.ListTypePage })));
const EmployerChatPage = lazy(() => employerPages().then((area) => ({ default: area.EmployerChatPage })));
const RfidListPage = lazy(() => employerPages().then((area) => ({ default: area.RfidListPage })));
const DevicesPage = lazy(() => employerPages().then((area) => ({ default: area.DevicesPage })));
const DeviceGroupsPage = lazy(() => employerPages().then((area) => ({ default: area.DeviceGroupsPage })));
const AccountPage = lazy(() => employerPages().then((area) => ({ default: area.AccountPage })));

const WorkerShell = lazy(() => workerArea().then((area) => ({ default: area.WorkerShell })));
const MyHoursPage = lazy(() => workerArea().then((area) => ({ default: area.MyHoursPage })));
const ChangePasswordPage = lazy(() => workerArea().then((area) => ({ default: area.ChangePasswordPage })));
const WorkerChatPage = lazy(() => workerArea().then((area) => ({ default: area.WorkerChatPage })));

const AdminShell = lazy(() => adminArea().then((area) => ({ default: area.AdminShell })));
const EmployersPage = lazy(() => adminArea().then((area) => ({ default: area.EmployersPage })));
const ContactMessagesPage = lazy(() => adminArea().then((area) => ({ default: area.ContactMessagesPage })));
const AuditPage = lazy(() => adminArea().then((area) => ({ default: area.AuditPage })));

const PremiumGate = lazy(() => subscriptionArea().then((area) => ({ default: area.PremiumGate })));
const SubscribePage = lazy(() => subscriptionArea().then((area) => ({ default: area.SubscribePage })));
const SubscriptionSuccessPage = lazy(() =>
  subscriptionArea().then((area) => ({ default: area.SubscriptionSuccessPage })),
);
const SubscriptionCancelPage = lazy(() =>
  subscriptionArea().then((area) => ({ default: area.SubscriptionCancelPage })),
);

const KioskPage = lazy(() => kioskArea().then((area) => ({ default: area.KioskPage })));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/start/*" element={<StartPage />} />
          <Route path="/buy" element={<PlansPage />} />

          <Route element={<AppDataLayout />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/signup" element={<SignupPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/contactus" element={<ContactPage />} />
            <Route path="/dashboard" element={<DashboardRedirect />} />
            {/* A time clock on a tablet: a device (paired with its ID and secret), not a signed-in user. */}
            <Route path="/kiosk" element={<KioskPage />} />

            <Route
              path="/kryepuntor"
              element={
                <RequireAuth allowedUserTypes={['employer']}>
                  <EmployerShell />
                </RequireAuth>
              }
            >
              <Route index element={<DashboardPage />} />
              <Route path="employee" element={<EmployeesPage />} />
              <Route
                path="listarfid"
                element={
                  <PremiumGate titleKey="employer.screens.rfidList">
                    <RfidListPage />
                  </PremiumGate>
                }
              />
              <Route path="klista" element={<HoursListPage />} />
              <Route path="edit_klista/:id" element={<EditHoursPage />} />
              <Route path="add_klista" element={<AddHoursPage />} />
              <Route path="oret/:id" element={<EmployeeHoursPage />} />
              <Route path="puntoret" element={<PaySummaryPage />} />
              <Route
                path="devices"
                element={
                  <PremiumGate titleKey="employer.screens.devices">
                    <DevicesPage />
                  </PremiumGate>
                }
              />
              <Route
                path="device/group"
                element={
                  <PremiumGate titleKey="employer.screens.deviceGroups">
                    <DeviceGroupsPage />
                  </PremiumGate>
                }
              />
              <Route path="premium" element={<SubscribePage />} />
              <Route
                path="premium/listatype"
                element={
                  <PremiumGate titleKey="employer.screens.listType">
                    <ListTypePage />
                  </PremiumGate>
                }
              />
              <Route path="chat" element={<EmployerChatPage />} />
              <Route path="llogaria" element={<AccountPage />} />
              <Route path="*" element={<Navigate to="/kryepuntor" replace />} />
            </Route>

            {/* PayPal's return pages, in the employer's frame. */}
            <Route
              element={
                <RequireAuth allowedUserTypes={['employer']}>
                  <EmployerShell />
                </RequireAuth>
              }
            >
              <Route path="/subscription/success" element={<SubscriptionSuccessPage />} />
              <Route path="/subscription/cancel" element={<SubscriptionCancelPage />} />
            </Route>

            <Route
              element={
                <RequireAuth allowedUserTypes={['worker']}>
                  <WorkerShell />
                </RequireAuth>
              }
            >
              <Route path="/datapuntoret" element={<MyHoursPage />} />
              <Route path="/datapuntoret/chat" element={<WorkerChatPage />} />
              <Route path="/change/password/:id" element={<ChangePasswordPage />} />
            </Route>

            <Route
              path="/admin"
              element={
                <RequireAuth allowedUserTypes={[]}>
                  <AdminShell />
                </RequireAuth>
              }
            >
              <Route index element={<EmployersPage />} />
              <Route path="messages" element={<ContactMessagesPage />} />
              <Route path="audit" element={<AuditPage />} />
            </Route>
          </Route>

          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
