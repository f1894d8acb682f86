// What Health Data asks before it reads or sends anything in a production environment.
import * as vscode from 'vscode';

export type ProductionUse = 'link' | 'replay' | 'compare' | 'saveInvestigation';

export const productionStrings = {
  question: (use: ProductionUse, environment: string): string => {
    switch (use) {
      case 'link':
        return vscode.l10n.t('This link opens data in {0}, a production environment. Switch to {0}?', environment);
      case 'replay':
        return vscode.l10n.t('Send this request again in {0}, a production environment?', environment);
      case 'compare':
        return vscode.l10n.t('Compare Environments reads the same data from {0}, a production environment. Read it?', environment);
      case 'saveInvestigation':
        return vscode.l10n.t('Save Investigation asks {0}, a production environment, again for the same requests (every page) to record them. Ask it?', environment);
    }
  },
  detail: (use: ProductionUse): string => {
    switch (use) {
      case 'link':
        return vscode.l10n.t('Links are shared in chats and issues; check that you expected this one.');
      case 'replay':
        return vscode.l10n.t('A replay is a real request with your production key: it reads real people\'s data and counts against your quota.');
      case 'compare':
        return vscode.l10n.t('The request is sent with your production key and reads real people\'s data.');
      case 'saveInvestigation':
        return vscode.l10n.t('The requests are sent with your production key; what is saved is scrubbed, and the real ids stay in this VS Code.');
    }
  },
  action: (use: ProductionUse): string => {
    switch (use) {
      case 'link':
        return vscode.l10n.t('Switch and Open');
      case 'replay':
        return vscode.l10n.t('Send in Production');
      case 'compare':
        return vscode.l10n.t('Read Production');
      case 'saveInvestigation':
        return vscode.l10n.t('Ask Again');
    }
  },
};
