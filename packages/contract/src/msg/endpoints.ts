import { endpoint } from '../endpoint.js';
import {
  markReadBody,
  markReadResult,
  notificationListQuery,
  notificationPage,
  notificationParams,
  notificationRow,
  notifyPrefsBody,
  notifyPrefsView,
  unreadCount,
} from './schemas.js';

const tags = ['msg'] as const;

/** A user's notifications and their preferences (/msg/notification-list, the bell, the profile; issue 22; docs/api.md "Messages"). */
export const endpoints = {
  notifications: endpoint({
    method: 'GET',
    path: '/msg/notifications',
    access: 'msg',
    query: notificationListQuery,
    response: notificationPage,
    tags,
    summary: "The user's notifications, newest first, filtered by kind, status, read or unread, time and box or company",
  }),
  unread: endpoint({
    method: 'GET',
    path: '/msg/notifications/unread',
    access: 'msg',
    response: unreadCount,
    tags,
    summary: "How many of the user's notifications are unread (the bell's count)",
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/msg/notifications/read',
    access: 'msg',
    body: markReadBody,
    response: markReadResult,
    tags,
    summary: 'Marks some notifications read, or all of them',
  }),
  acknowledge: endpoint({
    method: 'POST',
    path: '/msg/notifications/:id/ack',
    access: 'msg',
    params: notificationParams,
    response: notificationRow,
    tags,
    summary: 'Acknowledges a notification: it is read and its repeats stop',
  }),
  preferences: endpoint({
    method: 'GET',
    path: '/msg/preferences',
    access: 'msg',
    response: notifyPrefsView,
    tags,
    summary: "The user's notification preferences (root's defaults until they choose)",
  }),
  savePreferences: endpoint({
    method: 'PUT',
    path: '/msg/preferences',
    access: 'msg',
    body: notifyPrefsBody,
    response: notifyPrefsView,
    tags,
    summary: 'Saves the user’s own preferences, or follows root’s defaults again',
  }),
};
