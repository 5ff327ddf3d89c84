import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AuthProvider } from './auth/auth-provider';
import { RequireAdmin, RequireAuth } from './auth/guards';
import { AppLayout } from './components/layout/app-layout';
import { PageSpinner } from './components/ui/spinner';
import { Toaster } from './components/ui/toaster';
import type { SupabaseClient } from './data/supabase-client';
import { LandingPage } from './features/landing/landing-page';

// The landing page is in the first chunk; every other page loads when it is visited, so the
// landing page stays small and admin code never reaches a visitor.
const named = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] as React.ComponentType }));

const LoginPage = named(() => import('./features/accounts/login-page'), 'LoginPage');
const SignupPage = named(() => import('./features/accounts/signup-page'), 'SignupPage');
const LogoutPage = named(() => import('./features/accounts/logout-page'), 'LogoutPage');
const AuthCallbackPage = named(
  () => import('./features/accounts/auth-callback-page'),
  'AuthCallbackPage',
);
const ProfilePage = named(() => import('./features/accounts/profile-page'), 'ProfilePage');
const ChallengesPage = named(
  () => import('./features/challenges/pages/challenges-page'),
  'ChallengesPage',
);
const ChallengeDetailPage = named(
  () => import('./features/challenges/pages/challenge-detail-page'),
  'ChallengeDetailPage',
);
const RecordPage = named(() => import('./features/record/pages/record-page'), 'RecordPage');
const PushupChallengeLandingPage = named(
  () => import('./features/challenge-creation/pages/pushup-challenge-landing-page'),
  'PushupChallengeLandingPage',
);
const CreateChallengePage = named(
  () => import('./features/challenge-creation/pages/create-challenge-page'),
  'CreateChallengePage',
);
// Admin pages: each its own chunk (Chart.js and the CSV writer only in the analytics one).
const AdminDashboardPage = named(
  () => import('./features/admin/dashboard/admin-dashboard-page'),
  'AdminDashboardPage',
);
const AdminChallengesPage = named(
  () => import('./features/admin/table/admin-challenges-page'),
  'AdminChallengesPage',
);
const AdminCreateChallengePage = named(
  () => import('./features/admin/form/admin-challenge-form-page'),
  'AdminCreateChallengePage',
);
const AdminEditChallengePage = named(
  () => import('./features/admin/form/admin-challenge-form-page'),
  'AdminEditChallengePage',
);
const AdminAnalyticsPage = named(
  () => import('./features/admin/analytics/admin-analytics-page'),
  'AdminAnalyticsPage',
);
const ExerciseDefinitionEditorPage = named(
  () => import('./features/editor/exercise-definition-editor-page'),
  'ExerciseDefinitionEditorPage',
);
const VideoAnalysisPage = named(
  () => import('./features/analysis/video-analysis-page'),
  'VideoAnalysisPage',
);
const NotFoundPage = named(() => import('./components/layout/not-found-page'), 'NotFoundPage');
const LeaderboardPage = named(
  () => import('./features/leaderboard/leaderboard-page'),
  'LeaderboardPage',
);
const RecordingPage = named(
  () => import('./features/recording-view/recording-page'),
  'RecordingPage',
);
const PushtoberPage = named(
  () => import('./features/events/pushtober/pushtober-page'),
  'PushtoberPage',
);
const EventLandingPage = named(
  () => import('./features/events/event-landing/event-landing-page'),
  'EventLandingPage',
);
/** Routes of spec 01 §2 and spec 02 §2. Every unknown one-segment path reaches the event page /{hash},
 * which looks the hash up and shows the 404 page (with the top bar) when it is no event. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route element={<AppLayout />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route
          path="/profile"
          element={
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          }
        />
        <Route
          path="/analyze"
          element={
            <RequireAuth>
              <VideoAnalysisPage />
            </RequireAuth>
          }
        />
        <Route path="/challenges" element={<ChallengesPage />} />
        <Route path="/challenge/:slug" element={<ChallengeDetailPage />} />
        <Route path="/challenge/:id/record" element={<RecordPage />} />
        <Route path="/challenge/:id/leaderboard" element={<LeaderboardPage />} />
        <Route path="/challenge/:challengeId/recording/:recordingId" element={<RecordingPage />} />
        <Route path="/pushup-challenge" element={<PushupChallengeLandingPage />} />
        <Route
          path="/pushup-challenge/create"
          element={
            <RequireAuth>
              <CreateChallengePage />
            </RequireAuth>
          }
        />
        <Route path="/pushtober" element={<PushtoberPage />} />
        <Route
          path="/admin"
          element={
            <RequireAdmin>
              <AdminDashboardPage />
            </RequireAdmin>
          }
        />
        <Route
          path="/admin/challenges"
          element={
            <RequireAdmin>
              <AdminChallengesPage />
            </RequireAdmin>
          }
        />
        <Route
          path="/admin/challenges/create"
          element={
            <RequireAdmin>
              <AdminCreateChallengePage />
            </RequireAdmin>
          }
        />
        <Route
          path="/admin/challenges/edit/:id"
          element={
            <RequireAdmin>
              <AdminEditChallengePage />
            </RequireAdmin>
          }
        />
        <Route
          path="/admin/analytics/:id"
          element={
            <RequireAdmin>
              <AdminAnalyticsPage />
            </RequireAdmin>
          }
        />
        <Route
          path="/exercise-definition-editor"
          element={
            <RequireAdmin>
              <ExerciseDefinitionEditorPage />
            </RequireAdmin>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="/:hash" element={<EventLandingPage />} />
    </Routes>
  );
}

export function App(props: { queryClient: QueryClient; supabase: SupabaseClient }) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <AuthProvider supabase={props.supabase}>
        <BrowserRouter>
          <Suspense fallback={<PageSpinner />}>
            <AppRoutes />
          </Suspense>
        </BrowserRouter>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
