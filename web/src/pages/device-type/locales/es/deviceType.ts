import type { LocaleArea } from '@/i18n/types';

const deviceType: LocaleArea<'deviceType'> = {
  route: {
    group: 'Tipos de equipo',
    typeConfig: 'Tipos de controlador',
    typeEvents: 'Eventos por tipo',
    typeProtocol: 'Documento de protocolo',
    chart: 'Gráficos',
    relation: 'Códigos de modelo',
    permissionTemplates: 'Plantillas de permisos',
    typeEdit: 'Editar tipo de controlador',
    typeUpload: 'Subir mapa de registros',
    permissionModify: 'Editar plantilla de permisos',
    ckConfig: 'Códigos CK',
    typePage: 'Configuración de página',
    ckModel: 'Tipos de un código CK',
  },
};
export default deviceType;
