import type { Messages } from '../../types';

const icons: Messages['icons'] = {
  searchPlaceholder: 'Buscar iconos por nombre',
  hint: 'Haga clic en un icono para copiar su código.',
  shown: 'Iconos mostrados: {{count}}',
  copied: 'Copiado {{code}}',
  copyFailed: 'No se pudo copiar al portapapeles',
  noMatch: 'Ningún icono coincide con la búsqueda',
};
export default icons;
