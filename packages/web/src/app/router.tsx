import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { loadFeatureTexts } from '../lib/i18n';

/** A signed-in area's chunk, with the features' texts (downloaded in parallel) in before it renders. */
function withFeatureTexts<T>(area: Promise<T>): Promise<T> {
  return Promise.all([area, loadFeatureTexts()]).then(([module]) => module);
}

// Every area is one chunk (src/app/routes/*-area.tsx), loaded when one of its routes is first opened.
// The public pages need neither TanStack Query (session-area) nor the form libraries (auth-area) nor
// the features' texts. The landing page (public-area) is apart from the other public pages
// (public-pages), so the first page a visitor opens downloads the least.
const publicArea = () => import('./routes/public-area');
const publicPages = () => import('./routes/public-pages');
const authArea = () => import('./routes/auth-area');
const sessionArea = () => import('./routes/session-area');
const employerArea = () => withFeatureTexts(import('./routes/employer-area'));
const employerPages = () => withFeatureTexts(import('./routes/employer-pages'));
const workerArea = () => withFeatureTexts(import('./routes/worker-area'));
const adminArea = () => withFeatureTexts(import('./routes/admin-area'));
const subscriptionArea = () => withFeatureTexts(import('./routes/subscription-area'));
const kioskArea = () => withFeatureTexts(import('./routes/kiosk-area'));

// biome-ignore lint/suspicious/noExplicitAny: a component of any props (React's own lazy() bound)
type AnyComponent = ComponentType<any>;
/** The names of the components a chunk exports. */
type ComponentNames<M> = { [K in keyof M]: M[K] extends AnyComponent ? K : never }[keyof M];

/**
 * `fromChunk(load)(name)`: the component `name` of the chunk `load` brings, rendered once the chunk
 * is in (React's `lazy` wants a default export; the router's `Suspense` shows the loading screen).
 */
function fromChunk<M>(load: () => Promise<M>) {
  return <K extends ComponentNames<M>>(name: K): LazyExoticComponent<Extract<M[K], AnyComponent>> =>
    lazy(() => load().then((chunk) => ({ default: chunk[name] as Extract<M[K], AnyComponent> })));
}

/**
 * Starts downloading the chunks the page at `pathname` opens with, before the first render (which
 * waits for the texts), so the two downloads overlap instead of following one another.
 */
export function preloadRoute(pathname: string): void {
  const first = pathname.split('/')[1] ?? '';
  if (first === '') {
    void publicArea();
    return;
  }
  if (first === 'start' || first === 'buy') {
    void publicPages();
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

const session = fromChunk(sessionArea);
const AppDataLayout = session('AppDataLayout');
const RequireAuth = session('RequireAuth');
const DashboardRedirect = session('DashboardRedirect');

const LandingPage = fromChunk(publicArea)('LandingPage');
const publicPage = fromChunk(publicPages);
const StartPage = publicPage('StartPage');
const PlansPage = publicPage('PlansPage');

const authPage = fromChunk(authArea);
const LoginPage = authPage('LoginPage');
const SignupPage = authPage('SignupPage');
const ForgotPasswordPage = authPage('ForgotPasswordPage');
const ContactPage = authPage('ContactPage');

const employer = fromChunk(employerArea);
const EmployerAreaLayout = employer('EmployerAreaLayout');
const DashboardPage = employer('DashboardPage');
const employerPage = fromChunk(employerPages);
const EmployeesPage = employerPage('EmployeesPage');
const HoursListPage = employerPage('HoursListPage');
const AddHoursPage = employerPage('AddHoursPage');
const EditHoursPage = employerPage('EditHoursPage');
const EmployeeHoursPage = employerPage('EmployeeHoursPage');
const PaySummaryPage = employerPage('PaySummaryPage');
const ListTypePage = employerPage('ListTypePage');
const EmployerChatPage = employerPage('EmployerChatPage');
const RfidListPage = employerPage('RfidListPage');
const DevicesPage = employerPage('DevicesPage');
const DeviceGroupsPage = employerPage('DeviceGroupsPage');
const AccountPage = employerPage('AccountPage');
const MonthClosePage = employerPage('MonthClosePage');
const LabourSettingsPage = employerPage('LabourSettingsPage');
const EmployerCorrectionsPage = employerPage('EmployerCorrectionsPage');
const TeamCalendarPage = employerPage('TeamCalendarPage');
const EmployerLeavePage = employerPage('EmployerLeavePage');

const workerPage = fromChunk(workerArea);
const WorkerShell = workerPage('WorkerShell');
const MyHoursPage = workerPage('MyHoursPage');
const PayslipsPage = workerPage('PayslipsPage');
const ChangePasswordPage = workerPage('ChangePasswordPage');
const WorkerChatPage = workerPage('WorkerChatPage');
const WorkerCorrectionsPage = workerPage('WorkerCorrectionsPage');
const WorkerLeavePage = workerPage('WorkerLeavePage');

const adminPage = fromChunk(adminArea);
const AdminShell = adminPage('AdminShell');
const EmployersPage = adminPage('EmployersPage');
const ContactMessagesPage = adminPage('ContactMessagesPage');
const AuditPage = adminPage('AuditPage');

const subscriptionPage = fromChunk(subscriptionArea);
const PremiumGate = subscriptionPage('PremiumGate');
const SubscribePage = subscriptionPage('SubscribePage');
const SubscriptionSuccessPage = subscriptionPage('SubscriptionSuccessPage');
const SubscriptionCancelPage = subscriptionPage('SubscriptionCancelPage');

const KioskPage = fromChunk(kioskArea)('KioskPage');

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
            {/* Where the landing page's verify call sends a non-admin (docs/product.md#landing): their own area. */}
            <Route path="/employee_detail/:id" element={<DashboardRedirect />} />
            {/* A time clock on a tablet: a device (paired with its ID and secret), not a signed-in user. */}
            <Route path="/kiosk" element={<KioskPage />} />

            <Route
              path="/kryepuntor"
              element={
                <RequireAuth allowedUserTypes={['employer']}>
                  <EmployerAreaLayout />
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
              <Route path="kalendari" element={<TeamCalendarPage />} />
              <Route path="mbyll-muajin" element={<MonthClosePage />} />
              <Route path="ligji-i-punes" element={<LabourSettingsPage />} />
              <Route
                path="korrigjimet"
                element={
                  <PremiumGate titleKey="employer.screens.corrections">
                    <EmployerCorrectionsPage />
                  </PremiumGate>
                }
              />
              <Route path="pushimet" element={<EmployerLeavePage />} />
              <Route path="*" element={<Navigate to="/kryepuntor" replace />} />
            </Route>

            {/* PayPal's return pages, in the employer's frame. */}
            <Route
              element={
                <RequireAuth allowedUserTypes={['employer']}>
                  <EmployerAreaLayout />
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
              <Route path="/datapuntoret/fletepagesat" element={<PayslipsPage />} />
              <Route path="/datapuntoret/korrigjimet" element={<WorkerCorrectionsPage />} />
              <Route path="/datapuntoret/pushimet" element={<WorkerLeavePage />} />
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
