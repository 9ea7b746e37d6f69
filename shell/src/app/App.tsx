import { BrowserRouter } from 'react-router-dom';
import { DesignProvider, routerFuture } from 'shared-lib';
import { Layout } from '../layout/Layout';
import { AppRoutes } from './routes';

export function App() {
  return (
    <DesignProvider>
      <BrowserRouter future={routerFuture}>
        <Layout>
          <AppRoutes />
        </Layout>
      </BrowserRouter>
    </DesignProvider>
  );
}
