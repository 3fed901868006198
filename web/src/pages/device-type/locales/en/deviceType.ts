/** Device types (/device-type): the group and its pages' titles. */
export default {
  route: {
    group: 'Device types',
    typeConfig: 'Controller types',
    typeEvents: 'Type events',
    typeProtocol: 'Protocol document',
    chart: 'Charts',
    relation: 'Model codes',
    permissionTemplates: 'Permission templates',
    typeEdit: 'Edit controller type',
    typeUpload: 'Upload register map',
    permissionModify: 'Edit permission template',
    ckConfig: 'CK codes',
    typePage: 'Page configuration',
    ckModel: 'Types of a CK code',
  },
};
