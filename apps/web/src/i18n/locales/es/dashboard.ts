import type { Messages } from '../../types';

const dashboard: Messages['dashboard'] = {
  greeting: {
    morning: 'Buenos días, {{name}}',
    afternoon: 'Buenas tardes, {{name}}',
    evening: 'Buenas noches, {{name}}',
  },
  roles: 'Roles: {{roles}}',
  shortcuts: 'Accesos directos',
  noShortcuts: 'Su cuenta aún no tiene acceso a ningún módulo. Solicite acceso a un administrador.',
  comingSoonTitle: 'Disponible en una próxima versión',
  comingSoonText:
    'Este módulo está previsto, pero todavía no se ha desarrollado. Aquí no se guarda nada.',
};
export default dashboard;
