window.qtErrors=[];window.addEventListener('error',function(e){window.qtErrors.push(String(e.message));document.body.setAttribute('data-qt-errors',window.qtErrors.join(' | '));});
