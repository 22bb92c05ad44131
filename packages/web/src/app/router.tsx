import { type ComponentProps, type ComponentType, createElement, lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { loadErrorTexts, loadFeatureTexts } from '../lib/i18n';
import { prefetchSession } from '../lib/session';

/**
 * An area's chunk, rendered once the texts it needs are in too (downloaded in parallel): the error
 * sentences for every area with forms or calls that can fail, so that a first error (a failed
 * login) shows its sentence, never its key, and the features' texts for the signed-in areas.
 * Error sentences that failed to download (offline) do not keep the area from opening: its errors
 * then show the server's sentence or the screen's own text (`lib/i18n-errors.ts`).
 */
function withTexts<T>(area: Promise<T>, ...texts: Promise<void>[]): Promise<T> {
  return Promise.all([area, ...texts]).then(([module]) => module);
}
const errorTexts = () => loadErrorTexts().catch(() => undefined);

/**
 * A chunk's loader that keeps the module once it is in (`module`), so the router renders a chunk
 * already downloaded at once instead of through React's `lazy`, which suspends at least once (a
 * render of the loading screen, then another of the page, at least 300 ms later: React holds a
 * Suspense boundary's content back that long after its fallback showed). A failed download (offline)
 * is tried again by the next caller.
 */
type Chunk<M> = { load: () => Promise<M>; module?: M };

function chunk<M>(download: () => Promise<M>): Chunk<M> {
  const kept: Chunk<M> = {
    load: () => {
      const pending = download().then((module) => {
        kept.module = module;
        return module;
      });
      kept.load = () => pending;
      pending.catch(() => {
        kept.load = retry;
      });
      return pending;
    },
  };
  const retry = kept.load;
  return kept;
}

// Every area is one chunk (src/app/routes/*-area.tsx), loaded when one of its routes is first opened.
// The public pages need neither TanStack Query (session-area) nor the form libraries (auth-area) nor
// the features' texts nor the error sentences. The landing page (public-area) is apart from the other
// public pages (public-pages), so the first page a visitor opens downloads the least.
const publicArea = chunk(() => import('./routes/public-area'));
const publicPages = chunk(() => import('./routes/public-pages'));
const authArea = chunk(() => withTexts(import('./routes/auth-area'), errorTexts()));
const sessionArea = chunk(() => import('./routes/session-area'));
const signedIn = <T,>(area: Promise<T>) => withTexts(area, errorTexts(), loadFeatureTexts());
const employerArea = chunk(() => signedIn(import('./routes/employer-area')));
const employerPages = chunk(() => signedIn(import('./routes/employer-pages')));
const workerArea = chunk(() => signedIn(import('./routes/worker-area')));
const adminArea = chunk(() => signedIn(import('./routes/admin-area')));
const subscriptionArea = chunk(() => signedIn(import('./routes/subscription-area')));
const kioskArea = chunk(() => signedIn(import('./routes/kiosk-area')));

// biome-ignore lint/suspicious/noExplicitAny: a component of any props (React's own lazy() bound)
type AnyComponent = ComponentType<any>;
/** The names of the components a chunk exports. */
type ComponentNames<M> = { [K in keyof M]: M[K] extends AnyComponent ? K : never }[keyof M];

/**
 * `fromChunk(chunk)(name)`: the component `name` of the chunk, rendered at once when the chunk is
 * in, else once it is (React's `lazy`; the router's `Suspense` shows the loading screen meanwhile).
 * `lazy` hands over to the chunk's own component before its first render: the chunk's module is
 * kept before `lazy`'s promise resolves, so no screen is mounted twice.
 */
function fromChunk<M>(source: Chunk<M>) {
  return <K extends ComponentNames<M>>(name: K) => {
    type C = Extract<M[K], AnyComponent>;
    const Lazy = lazy(() => source.load().then((module) => ({ default: module[name] as C })));
    // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level (below), never in a render
    function FromChunk(props: ComponentProps<C>) {
      return createElement((source.module?.[name] as C | undefined) ?? Lazy, props);
    }
    return FromChunk;
  };
}

/**
 * Starts downloading the chunks the page at `pathname` opens with (and the texts they wait for),
 * before the first render (which waits for the app-wide texts), so the downloads overlap instead of
 * following one another; on a signed-in area's address the session check too. Resolves when they
 * are in (or one failed): `main.tsx` waits for it a moment before the first render.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const first = pathname.split('/')[1] ?? '';
  if (first === '') return publicArea.load();
  if (first === 'start' || first === 'buy') return publicPages.load();
  const chunks: Promise<unknown>[] = [sessionArea.load()];
  if (first === 'login' || first === 'signup' || first === 'contactus' || first === 'forgot-password') {
    chunks.push(authArea.load());
  } else if (first === 'kryepuntor') {
    prefetchSession();
    chunks.push(employerArea.load());
    if (pathname.split('/')[2]) chunks.push(employerPages.load());
  } else if (first === 'datapuntoret' || first === 'change') {
    prefetchSession();
    chunks.push(workerArea.load());
  } else if (first === 'admin') {
    prefetchSession();
    chunks.push(adminArea.load());
  } else if (first === 'kiosk') chunks.push(kioskArea.load());
  return Promise.all(chunks);
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
const RequestsPage = employerPage('RequestsPage');
const EmployerRosterPage = employerPage('EmployerRosterPage');
const WorkplacesPage = employerPage('WorkplacesPage');

const workerPage = fromChunk(workerArea);
const WorkerShell = workerPage('WorkerShell');
const MyHoursPage = workerPage('MyHoursPage');
const PayslipsPage = workerPage('PayslipsPage');
const ChangePasswordPage = workerPage('ChangePasswordPage');
const WorkerChatPage = workerPage('WorkerChatPage');
const WorkerCorrectionsPage = workerPage('WorkerCorrectionsPage');
const WorkerLeavePage = workerPage('WorkerLeavePage');
const WorkerShiftsPage = workerPage('WorkerShiftsPage');

const adminPage = fromChunk(adminArea);
const AdminShell = adminPage('AdminShell');
const EmployersPage = adminPage('EmployersPage');
const ContactMessagesPage = adminPage('ContactMessagesPage');
const AuditPage = adminPage('AuditPage');
const AdminAccountPage = adminPage('AdminAccountPage');

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
              {/* Leave and correction requests together; the new-request pushes open it. */}
              <Route path="kerkesat" element={<RequestsPage />} />
              <Route path="orari" element={<EmployerRosterPage />} />
              <Route path="vendet" element={<WorkplacesPage />} />
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
              <Route path="/datapuntoret/turnet" element={<WorkerShiftsPage />} />
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
              <Route path="account" element={<AdminAccountPage />} />
            </Route>
          </Route>

          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
