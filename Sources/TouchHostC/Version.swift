import TouchHost
