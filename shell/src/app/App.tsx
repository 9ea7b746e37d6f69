import { BrowserRouter } from 'react-router-dom';
import { DesignProvider } from 'shared-lib';
import { Layout } from '../layout/Layout';
import { AppRoutes } from './routes';

export function App() {
  return (
    <DesignProvider>
      <BrowserRouter>
        <Layout>
          <AppRoutes />
        </Layout>
      </BrowserRouter>
    </DesignProvider>
  );
}
