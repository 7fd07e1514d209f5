import type { Messages } from '../../types';

const layout: Messages['layout'] = {
  toggleSidebar: 'Mostrar u ocultar el menú',
  menuSearch: 'Buscar en el menú',
  fullscreen: 'Pantalla completa',
  settings: 'Configuración',
  userMenu: {
    profile: 'Perfil',
    dashboard: 'Inicio',
    logout: 'Cerrar sesión',
    manual: 'Manual de uso',
    deployment: 'Notas de implantación',
    expiry: 'Válido hasta el {{date}}',
    noExpiry: 'Sin fecha de caducidad',
    open: '{{name}}: menú de la cuenta',
  },
  tags: {
    refresh: 'Actualizar',
    close: 'Cerrar',
    closeOthers: 'Cerrar las demás',
    closeAll: 'Cerrar todas',
  },
  settingsDrawer: {
    title: 'Estilo de la página',
    theme: 'Color del tema',
    tagsView: 'Mostrar la barra de pestañas',
    fixedHeader: 'Cabecera fija',
    sidebarLogo: 'Logotipo en la barra lateral',
    pinyinSearch: 'Buscar en el menú por pinyin',
    themeNote:
      'El encabezado, los interruptores y demás decoración muestran el color elegido; el texto y los botones usan un tono más oscuro para que se lean bien sobre blanco.',
  },
  errorLog: 'Registro de errores',
};
export default layout;
