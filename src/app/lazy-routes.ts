import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { routeModules } from '../shared/routes';

/**
 * Each screen of the route table (src/shared/routes.ts) is its own chunk, loaded when first shown.
 * The glob names exactly the route modules' folders (a test checks every route module is found);
 * the back office is reachable only through `admin`, rendered only for administrators, so visitors
 * never download it.
 */
const loaders = import.meta.glob<{ default: ComponentType<any> }>([
  '../features/{public,account,booking,orders,cleaner}/*-page.tsx',
  '../features/admin/admin-app.tsx',
]);

type ScreenName = keyof typeof routeModules;

export const screens = Object.fromEntries(
  Object.entries(routeModules).map(([name, module]) => {
    const load = loaders[`../${module.slice('src/'.length)}`];
    if (!load) throw new Error(`The route table names ${module}, which the screens' glob does not find`);
    return [name, lazy(load)];
  }),
) as Record<ScreenName, LazyExoticComponent<ComponentType<any>>>;
