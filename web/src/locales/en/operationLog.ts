/** The operation log page (/datalog/operation-log). */
export default {
  filter: {
    action: 'Action',
    allActions: 'All actions',
    username: 'User name',
  },
  column: {
    time: 'Time',
    username: 'User',
    action: 'Action',
    target: 'Target',
    oldValue: 'Old value',
    newValue: 'New value',
    outcome: 'Outcome',
    ip: 'IP address',
  },
  action: {
    user: {
      login: 'Sign in',
      logout: 'Sign out',
      changePassword: 'Change password',
      ckPassword: "Set a CK group user's password",
    },
    box: {
      register: 'Register boxes',
      claim: 'Add a device (claim a box)',
    },
    device: {
      write: 'Write a register',
      edit: 'Edit device information',
      share: 'Share a device',
      recallShare: 'Recall a share',
      switchRight: 'Switch right',
      assign: 'Assign a device',
      recallAssign: 'Recall an assignment',
      hide: 'Hide from superiors',
    },
    helper: {
      add: 'Add a helper',
      password: "Set a helper's password",
      template: "Change a helper's template",
      delete: 'Delete a helper',
    },
    manager: {
      add: 'Add a sub-manager',
      password: "Set a sub-manager's password",
      template: "Change a sub-manager's template",
      disable: 'Disable a sub-manager',
      enable: 'Enable a sub-manager',
    },
    template: {
      create: 'Create a template',
      save: 'Save a template',
      delete: 'Delete a template',
    },
  },
  outcome: {
    ok: 'Succeeded',
    failed: 'Failed',
  },
  table: {
    total: '{total} entries',
    noChange: 'No values recorded',
  },
};
