import type { Messages } from '../../types';

const errorLog: Messages['errorLog'] = {
  title: 'Registro de errores',
  columns: { message: 'Mensaje', url: 'Página', info: 'Detalles', time: 'Hora' },
  stack: 'Traza de la pila',
  clear: 'Vaciar el registro',
  empty: 'No hay errores registrados',
  boundary: {
    title: 'Algo ha fallado en esta página',
    text: 'Recargue la página para continuar. Si vuelve a ocurrir, avise a su administrador.',
    reload: 'Recargar la página',
  },
};
export default errorLog;
