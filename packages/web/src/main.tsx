import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadAppConfig } from './data/config/app-config';
import { createSupabase } from './data/supabase-client';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const queryClient = createQueryClient();

function StartupError(props: { message: string }) {
  return (
    <div role="alert" className="mx-auto max-w-lg px-6 py-24 text-center">
      <h1 className="font-display text-2xl font-semibold">RepTemple cannot reach its server</h1>
      <p className="mt-4 text-muted">Please try again in a moment.</p>
      <p className="mt-6 font-mono text-xs break-all text-muted">{props.message}</p>
    </div>
  );
}

loadAppConfig(queryClient).then(
  (config) => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} supabase={createSupabase(config)} />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error('Loading the app configuration failed', error);
    root.render(<StartupError message={error instanceof Error ? error.message : String(error)} />);
  },
);
