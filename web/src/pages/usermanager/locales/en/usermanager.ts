/** User management (/usermanager): the group and its pages' titles. */
export default {
  route: {
    group: 'User management',
    changePassword: 'Change password',
    addDevice: 'Add device',
    editManager: 'Sub-managers',
    addManager: 'Add sub-manager',
    managerDevice: "Sub-manager's devices",
    editHelper: 'Helpers',
    addHelper: 'Add helper',
    helperDevice: "Helper's devices",
  },
};
